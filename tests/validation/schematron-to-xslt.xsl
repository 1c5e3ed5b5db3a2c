<?xml version="1.0" encoding="UTF-8"?>
<!--
  Bitwerk (issue 20): turns the vendored ISO Schematron files (CEN EN 16931 CII, KoSIT XRechnung
  CII) into XSLT 3.0 stylesheets that write SVRL, with the semantics of the ISO skeleton those
  projects compile with: one mode per pattern, the rules of a pattern as templates with priority
  falling in document order (a node is checked by the first rule of the pattern whose context
  matches it), each rule template continuing with apply-templates on @*|*, unmatched nodes walked
  by the built-in rules; schema- and pattern-level <let> become global variables, rule-level
  <let> local ones; <include> is resolved; <xsl:function> is copied; <name/> and <value-of/> in
  messages are evaluated. The rules stay the upstream text unchanged; only this wrapper is ours.
  It refuses (xsl:message terminate) any Schematron construct it does not implement, so nothing
  is dropped silently. Cross-checked against node-schematron (docs/notes/einvoice.md).
-->
<xsl:stylesheet version="3.0"
  xmlns:xsl="http://www.w3.org/1999/XSL/Transform"
  xmlns:xs="http://www.w3.org/2001/XMLSchema"
  xmlns:out="urn:bitwerk:xsl-alias"
  xmlns:sch="http://purl.oclc.org/dsdl/schematron"
  xmlns:svrl="http://purl.oclc.org/dsdl/svrl"
  exclude-result-prefixes="sch out xs">

  <xsl:namespace-alias stylesheet-prefix="out" result-prefix="xsl"/>
  <xsl:output method="xml" indent="no"/>

  <!-- Attribute values of literal result elements in the generated stylesheet are AVTs. -->
  <xsl:function name="out:avt" as="xs:string">
    <xsl:param name="value" as="xs:string"/>
    <xsl:sequence select="replace(replace($value, '\{', '{{'), '\}', '}}')"/>
  </xsl:function>

  <xsl:template match="/sch:schema">
    <xsl:variable name="patterns" as="element(sch:pattern)*">
      <xsl:for-each select="sch:pattern | sch:include">
        <xsl:sequence select="if (self::sch:include)
          then doc(resolve-uri(@href, base-uri(.)))/sch:pattern else ."/>
      </xsl:for-each>
    </xsl:variable>
    <xsl:variable name="unsupported"
      select="($patterns, .)//(sch:report | sch:extends | sch:param | sch:assert/*[not(self::sch:name
              or self::sch:value-of)]) | $patterns[@abstract = 'true' or @is-a]"/>
    <xsl:if test="exists($unsupported)">
      <xsl:message terminate="yes">Unsupported Schematron construct: <xsl:value-of
        select="name($unsupported[1])"/></xsl:message>
    </xsl:if>
    <out:stylesheet version="3.0">
      <xsl:namespace name="xs" select="'http://www.w3.org/2001/XMLSchema'"/>
      <xsl:for-each select="sch:ns">
        <xsl:namespace name="{@prefix}" select="@uri"/>
      </xsl:for-each>
      <xsl:copy-of select="xsl:function"/>
      <xsl:for-each select="sch:let | $patterns/sch:let">
        <out:variable name="{@name}" select="{@value}"/>
      </xsl:for-each>
      <xsl:for-each select="$patterns">
        <out:mode name="p{position()}" on-no-match="shallow-skip"/>
      </xsl:for-each>
      <out:template match="/">
        <svrl:schematron-output title="{out:avt(string(sch:title))}">
          <xsl:for-each select="$patterns">
            <svrl:active-pattern id="{out:avt(string(@id))}"/>
            <out:apply-templates select="/" mode="p{position()}"/>
          </xsl:for-each>
        </svrl:schematron-output>
      </out:template>
      <xsl:for-each select="$patterns">
        <xsl:variable name="mode" select="'p' || position()"/>
        <xsl:variable name="count" select="count(sch:rule)"/>
        <xsl:for-each select="sch:rule">
          <out:template match="{@context}" mode="{$mode}" priority="{$count - position() + 1}">
            <svrl:fired-rule context="{out:avt(@context)}"/>
            <xsl:for-each select="sch:let">
              <out:variable name="{@name}" select="{@value}"/>
            </xsl:for-each>
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
          <svrl:text><xsl:apply-templates select="node()" mode="message"/></svrl:text>
        </svrl:failed-assert>
      </out:otherwise>
    </out:choose>
  </xsl:template>

  <xsl:template match="text()" mode="message">
    <out:text><xsl:value-of select="."/></out:text>
  </xsl:template>
  <xsl:template match="sch:name" mode="message">
    <out:value-of select="{(@path, 'name(.)')[1]}"/>
  </xsl:template>
  <xsl:template match="sch:value-of" mode="message">
    <out:value-of select="{@select}"/>
  </xsl:template>
  <xsl:template match="comment() | processing-instruction()" mode="message"/>
</xsl:stylesheet>
