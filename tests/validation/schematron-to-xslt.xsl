<?xml version="1.0" encoding="UTF-8"?>
<!--
  Bitwerk (issue 20): turns a *preprocessed* ISO Schematron (no include, no abstract pattern,
  no let, no report, plain-text messages, as the CEN file in cen/ is) into an XSLT 3.0 stylesheet
  that writes SVRL, with the semantics of the ISO skeleton the CEN project compiles with:
  one mode per pattern, the rules of a pattern as templates with priority falling in document
  order (a node is checked by the first rule of the pattern whose context matches it), each
  rule template continuing with apply-templates on @*|*, unmatched nodes walked by the built-in
  rules. The rules themselves stay the CEN text unchanged; only this wrapper is ours. It refuses
  (xsl:message terminate) any Schematron construct it does not implement, so nothing is dropped
  silently. Cross-checked against node-schematron (docs/notes/einvoice.md).
-->
<xsl:stylesheet version="3.0"
  xmlns:xsl="http://www.w3.org/1999/XSL/Transform"
  xmlns:out="urn:bitwerk:xsl-alias"
  xmlns:sch="http://purl.oclc.org/dsdl/schematron"
  xmlns:svrl="http://purl.oclc.org/dsdl/svrl"
  exclude-result-prefixes="sch out">

  <xsl:namespace-alias stylesheet-prefix="out" result-prefix="xsl"/>
  <xsl:output method="xml" indent="no"/>

  <!-- Attribute values of literal result elements in the generated stylesheet are AVTs. -->
  <xsl:function name="out:avt" as="xs:string" xmlns:xs="http://www.w3.org/2001/XMLSchema">
    <xsl:param name="value" as="xs:string"/>
    <xsl:sequence select="replace(replace($value, '\{', '{{'), '\}', '}}')"/>
  </xsl:function>

  <xsl:template match="/sch:schema">
    <xsl:variable name="unsupported"
      select=".//sch:include | .//sch:let | .//sch:report | .//sch:pattern[@abstract = 'true']
              | .//sch:pattern[@is-a] | .//sch:assert/* | .//sch:extends | .//sch:param"/>
    <xsl:if test="exists($unsupported)">
      <xsl:message terminate="yes">Unsupported Schematron construct: <xsl:value-of
        select="name($unsupported[1])"/></xsl:message>
    </xsl:if>
    <out:stylesheet version="3.0">
      <xsl:for-each select="sch:ns">
        <xsl:namespace name="{@prefix}" select="@uri"/>
      </xsl:for-each>
      <xsl:for-each select="sch:pattern">
        <out:mode name="p{position()}" on-no-match="shallow-skip"/>
      </xsl:for-each>
      <out:template match="/">
        <svrl:schematron-output title="{out:avt(string(sch:title))}">
          <xsl:for-each select="sch:pattern">
            <svrl:active-pattern id="{out:avt(@id)}"/>
            <out:apply-templates select="/" mode="p{position()}"/>
          </xsl:for-each>
        </svrl:schematron-output>
      </out:template>
      <xsl:for-each select="sch:pattern">
        <xsl:variable name="mode" select="'p' || position()"/>
        <xsl:variable name="count" select="count(sch:rule)"/>
        <xsl:for-each select="sch:rule">
          <out:template match="{@context}" mode="{$mode}" priority="{$count - position() + 1}">
            <svrl:fired-rule context="{out:avt(@context)}"/>
            <xsl:apply-templates select="sch:assert"/>
            <out:apply-templates select="@*|*" mode="{$mode}"/>
          </out:template>
        </xsl:for-each>
      </xsl:for-each>
    </out:stylesheet>
  </xsl:template>

  <xsl:template match="sch:assert">
    <out:choose>
      <out:when test="{@test}"/>
      <out:otherwise>
        <svrl:failed-assert id="{out:avt(@id)}" flag="{out:avt((@flag, ../@flag, 'error')[1])}"
          test="{out:avt(@test)}">
          <out:attribute name="location" select="path(.)"/>
          <svrl:text><xsl:value-of select="normalize-space(.)"/></svrl:text>
        </svrl:failed-assert>
      </out:otherwise>
    </out:choose>
  </xsl:template>
</xsl:stylesheet>
