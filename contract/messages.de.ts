// The German catalogue: every shopper-visible error, validation and notice text, keyed by code.
// Sections follow the slices; a slice adds its codes to its own section. Texts the spec does not
// word are ours and are listed in docs/decisions.md. Placeholders use {name} and are filled by t().
// The few texts the first page load shows live in ./messages-core.de.ts (first-load budget).
import { coreMessagesDe } from './messages-core.de.ts'

const general = {
  // general_error (one wording, the account spec's §8) and service_unavailable: messages-core.de.ts
  validation_failed: 'Bitte überprüfe deine Eingaben.',
  not_found: 'Die Seite wurde nicht gefunden',
  unauthorized: 'Bitte melde dich an.',
  soft_login_required: 'Deine Sitzung ist abgelaufen, bitte melde dich erneut an.',
  forbidden: 'Dazu bist du nicht berechtigt.',
  origin_forbidden: 'Diese Anfrage ist nicht erlaubt.',
  rate_limited: 'Zu viele Anfragen. Bitte warte einen Moment und versuche es dann erneut.',
  payload_too_large: 'Die Anfrage ist zu groß.',
  missing_parameters: 'Fülle bitte alle Felder aus.',
} as const

// account-area section 5 (and storefront section 5): field rules
const fields = {
  required: 'Dies ist ein Pflichtfeld.',
  invalid: 'Ungültige Eingabe.',
  min_chars: 'Mindestens {length} Zeichen.',
  max_chars: 'Maximal {length} Zeichen.',
  min_length: 'Bitte gib mindestens {length} Zeichen ein.',
  max_length: 'Bitte gib maximal {length} Zeichen ein.',
  forbidden_chars: 'Bitte verwende keines der folgenden Zeichen: * $ % & § ( ) { } / \\ " ! \' ? =',
  forbidden_keyword: 'Du darfst "{keyword}" nicht im Namen benutzen.',
  forbidden_keyword_business:
    'Du darfst "{keyword}" nicht im Namen benutzen. Bitte registriere dich als Geschäftskunde.',
  register_as_business: 'Bitte registriere dich als Geschäftskunde.',
  min_age_18: 'Du solltest 18 Jahre alt sein.',
  min_age_16: 'Du musst mindestens 16 Jahre alt sein.',
  vat_id_invalid: 'Ust. ID. ist nicht gültig, bitte überprüfe deine Eingabe.',
  file_too_large: 'Datei größer als 2.5MB',
  file_type_invalid: 'Bitte lade eine Datei im Format JPG, GIF, PNG oder PDF hoch.',
  date_invalid: 'ungültiges Datum',
  password_too_short: 'Dein Passwort muss mindestens 6 Zeichen haben.',
  password_needs_digit: 'Dein Passwort muss mindestens eine Ziffer enthalten.',
  password_needs_lowercase: 'Dein Passwort muss mindestens einen Kleinbuchstaben enthalten.',
  password_needs_uppercase: 'Dein Passwort muss mindestens einen Großbuchstaben enthalten.',
  password_forbidden_chars: 'Dein Passwort darf die Zeichen < > / + nicht enthalten.',
  password_not_secure: 'Dieses Passwort ist nicht sicher genug. Bitte wähle ein anderes.',
  password_mismatch: 'Das eingegebene Passwort ist nicht identisch mit dem neuen Passwort.',
  email_missing_at: 'In deiner E-Mail-Adresse fehlt das @-Zeichen.',
  email_missing_local: 'In deiner E-Mail-Adresse fehlt der Teil vor dem @-Zeichen.',
  email_missing_domain: 'In deiner E-Mail-Adresse fehlt der Teil nach dem @-Zeichen.',
  email_invalid_chars: 'Deine E-Mail-Adresse enthält ungültige Zeichen.',
  email_missing_tld: 'In deiner E-Mail-Adresse fehlt die Endung (z. B. ".de").',
  email_invalid_tld:
    'Die Endung deiner E-Mail-Adresse ist ungültig: sie besteht aus mindestens 2 Buchstaben.',
  street_number_start_digit: 'Die Hausnummer muss mit einer Ziffer beginnen.',
  zip_invalid: 'Bitte gib eine gültige Postleitzahl ein.',
  full_name_too_long: 'Vor- und Nachname dürfen zusammen höchstens {length} Zeichen lang sein.',
  business_form_required: 'Bitte wähle eine Rechtsform aus.',
  business_type_required: 'Bitte wähle eine Kundenart aus.',
  two_fa_code_format: 'Bitte gib den 6-stelligen Code ein.',
  search_term_required: 'Bitte gib einen Suchbegriff ein.',
  // issue 16, hostile input: text Postgres cannot store (NUL) or UTF-8 cannot carry (lone
  // surrogates), and JSON nested deeper than any form sends
  invalid_characters: 'Die Eingabe enthält ungültige Zeichen.',
  nesting_too_deep: 'Die Anfrage ist zu tief verschachtelt.',
} as const

// account-area sections 4 and 8: login, two-factor code, registration, reset
const account = {
  login_failed:
    'Bei der Eingabe deiner E-Mail-Adresse und/oder Passwort ist ein Fehler aufgetreten. Bitte überprüfe deine Eingaben oder setze dein Passwort zurück.',
  login_blocked:
    'Es gab zu viele erfolglose Anmeldeversuche. Bitte warte {m}:{s} Minuten, bis du dich erneut einloggen kannst.',
  two_fa_code_invalid:
    'Der Code stimmt nicht überein oder ist möglicherweise abgelaufen. Bitte versuche es erneut.',
  two_fa_resend_failed: coreMessagesDe.general_error,
  two_fa_code_resent: 'Wir haben dir einen neuen Code an deine E-Mail-Adresse gesendet.',
  two_fa_required: 'Bitte bestätige deine Anmeldung mit dem Code aus unserer E-Mail.',
  registration_failed:
    'Es ist ein technischer Fehler aufgetreten. Bitte versuche es später noch mal. Solltest du bereits ein Konto besitzen, hast du per E-Mail Anweisungen für die Wiederherstellung deines Kontos bekommen.',
  password_reset_notice:
    'Wenn deine E-Mail-Adresse bei uns registriert ist, erhältst du in Kürze eine E-Mail zum Zurücksetzen deines Passworts.',
  password_reset_sent:
    'Wenn {email} bei uns registriert ist, erhältst du in Kürze eine E-Mail zum Zurücksetzen deines Passworts.',
  reset_link_invalid:
    'Dieser Link ist ungültig oder abgelaufen. Bitte fordere einen neuen Link an.',
  password_reset_done: 'Dein Passwort wurde geändert. Du kannst dich jetzt anmelden.',
  invalid_link: 'Dieser Link ist ungültig oder abgelaufen.',
  get_customer_data_error: 'Deine Kundendaten konnten nicht geladen werden.',
  two_fa_code_sent:
    'Wir haben dir einen 6-stelligen Code an deine E-Mail-Adresse gesendet. Er ist 10 Minuten gültig.',
  registered: 'Willkommen bei Bitwerk! Dein Kundenkonto wurde angelegt.',
  login_required_popup: 'Bitte melde dich erneut an, um fortzufahren.',
} as const

// account-area section 8: customer data changes
const customerData = {
  old_password_incorrect: 'Das aktuelle Passwort war nicht korrekt.',
  password_change_failed: 'Dein Passwort konnte nicht geändert werden.',
  old_and_new_password_equal: 'Das neue Passwort muss sich vom aktuellen unterscheiden.',
  account_password_invalid: 'Das eingegebene Passwort ist nicht korrekt.',
  account_new_email_invalid:
    'Die neue E-Mail-Adresse ist ungültig oder stimmt mit deiner bisherigen überein.',
  action_not_allow_for_student:
    'Als Campus-Mitglied kannst du deinen Namen nicht selbst ändern. Bitte wende dich an unseren Kundenservice.',
  company_change_via_service:
    'Firmenname, Rechtsform und Kundenart kann nur unser Kundenservice ändern.',
  password_changed: 'Dein Passwort wurde erfolgreich geändert.',
  email_changed: 'Deine E-Mail-Adresse wurde erfolgreich geändert.',
  names_changed: 'Dein Name wurde erfolgreich geändert.',
  owner_name_changed: 'Der Inhabername wurde erfolgreich geändert.',
  company_name_changed: 'Der Firmenname wurde erfolgreich geändert.',
  vat_id_changed: 'Deine Ust. ID. wurde erfolgreich geändert.',
  account_email_in_use:
    'Diese E-Mail-Adresse kannst du nicht verwenden. Bitte gib eine andere E-Mail-Adresse ein.',
  owner_change_not_allowed: 'Einen Inhaber haben nur Personengesellschaften und Einzelunternehmen.',
  vat_id_unchanged: 'Bitte gib eine neue Ust. ID. ein.',
  no_password_yet:
    'Für dein Kundenkonto ist noch kein Passwort festgelegt. Über „Passwort vergessen?“ auf der Anmeldeseite kannst du eins festlegen.',
} as const

// account-area section 8 and storefront section 8: addresses and backend address codes
const addresses = {
  address_save_failed:
    'Leider konnte deine Adresse nicht angelegt werden. Bitte überprüfe deine Eingaben und versuche es erneut.',
  address_delete_failed: 'Leider konnte deine Adresse nicht gelöscht werden.',
  address_default_not_deletable: 'Die Rechnungsadresse kann nicht gelöscht werden.',
  address_added: 'Deine Adresse wurde gespeichert.',
  address_changed: 'Deine Adresse wurde erfolgreich geändert.',
  address_deleted: 'Deine Adresse wurde gelöscht.',
  address_billing_locked_campus:
    'Als Campus-Mitglied kannst du deine Rechnungsadresse nicht selbst ändern. Bitte wende dich an unseren Kundenservice.',
  address_billing_locked_business:
    'Deine Rechnungsadresse kann nur unser Kundenservice ändern, da sie außerhalb Deutschlands liegt oder eine Ust. ID. hinterlegt ist.',
  address_delivery_country_locked:
    'Als Geschäftskunde kannst du nur in das Land deiner Rechnungsadresse liefern lassen.',
  conversion_failed: 'Deine Daten konnten nicht gespeichert werden. Bitte versuche es erneut.',
  converted_to_full:
    'Deine Rechnungsadresse wurde gespeichert. Dein Kundenkonto ist jetzt vollständig.',
  address_light_account:
    'Bitte lege zuerst deine Rechnungsadresse an, um dein Kundenkonto zu vervollständigen.',
  address_billing_exists: 'Du hast bereits eine Rechnungsadresse hinterlegt.',
  address_billing_missing: 'Bitte lege zuerst deine Rechnungsadresse an.',
  address_limit_reached: 'Du kannst höchstens 20 Lieferadressen speichern.',
  address_load_failed: 'Die Adresse konnte nicht geladen werden.',
  post_number_invalid: 'Bitte gib deine DHL-Postnummer (6 bis 10 Ziffern) ein.',
  station_number_invalid: 'Bitte gib die 3-stellige Nummer der Packstation ein.',
  customer_ust_id: 'Ust. ID. ist nicht gültig, bitte überprüfe deine Eingabe.',
  account_city_missing: 'Bitte gib deinen Ort ein.',
  account_city_too_short: 'Der Ort ist zu kurz.',
  account_city_too_long: 'Der Ort ist zu lang.',
  account_city_invalid: 'Der Ort enthält ungültige Zeichen.',
  account_email_missing: 'Bitte gib deine E-Mail-Adresse ein.',
  account_email_too_short: 'Die E-Mail-Adresse ist zu kurz.',
  account_email_too_long: 'Die E-Mail-Adresse ist zu lang.',
  account_email_invalid: 'Die E-Mail-Adresse ist ungültig.',
  account_firstname_missing: 'Bitte gib deinen Vornamen ein.',
  account_firstname_too_short: 'Der Vorname ist zu kurz.',
  account_firstname_too_long: 'Der Vorname ist zu lang.',
  account_firstname_invalid: 'Der Vorname enthält ungültige Zeichen.',
  account_lastname_missing: 'Bitte gib deinen Nachnamen ein.',
  account_lastname_too_short: 'Der Nachname ist zu kurz.',
  account_lastname_too_long: 'Der Nachname ist zu lang.',
  account_lastname_invalid: 'Der Nachname enthält ungültige Zeichen.',
  account_street_missing: 'Bitte gib deine Straße ein.',
  account_street_too_short: 'Der Straßenname ist zu kurz.',
  account_street_too_long: 'Der Straßenname ist zu lang.',
  account_street_invalid: 'Der Straßenname enthält ungültige Zeichen.',
  account_street_number_missing: 'Bitte gib deine Hausnummer ein.',
  account_street_number_too_short: 'Die Hausnummer ist zu kurz.',
  account_street_number_too_long: 'Die Hausnummer ist zu lang.',
  account_street_number_invalid: 'Die Hausnummer ist ungültig.',
  account_zip_missing: 'Bitte gib deine Postleitzahl ein.',
  account_zip_too_short: 'Die Postleitzahl ist zu kurz.',
  account_zip_too_long: 'Die Postleitzahl ist zu lang.',
  account_zip_invalid: 'Die Postleitzahl ist ungültig.',
} as const

const orders = {
  orders_empty: 'Bisher hast du noch keine Produkte bei uns bestellt.',
} as const

const creditCards = {
  credit_card_removed: 'Die Kreditkarte wurde entfernt.',
  credit_cards_removed: 'Die Kreditkarten wurden entfernt.',
  credit_card_saved: 'Deine Kreditkarte wurde gespeichert.',
  credit_card_limit_reached:
    'Du hast bereits 10 Kreditkarten gespeichert. Bitte entferne zuerst eine Karte, die du nicht mehr nutzt.',
  card_number_invalid: 'Die Kartennummer ist ungültig.',
  card_type_unsupported: 'Dieser Kartentyp wird leider nicht unterstützt.',
  card_holder_invalid:
    'Der Name des Karteninhabers darf nur Buchstaben, Leerzeichen und Bindestriche enthalten.',
  card_expiry_invalid: 'Das Ablaufdatum ist ungültig.',
  card_expired: 'Die Karte ist abgelaufen.',
  card_cvc_invalid: 'Die Prüfnummer ist ungültig.',
  card_declined: 'Die Zahlung mit dieser Karte wurde abgelehnt.',
  credit_card_verification_failed: 'Deine Kreditkarte konnte nicht geprüft werden.',
  card_alias_unknown:
    'Diese Karte ist nicht mehr hinterlegt. Bitte gib deine Kartendaten erneut ein.',
  card_session_expired:
    'Die Eingabe der Kartendaten hat zu lange gedauert. Bitte lade die Seite neu und versuche es erneut.',
} as const

// account-area Campus sections
const campus = {
  terms_not_accepted: 'Bitte stimme noch den Teilnahmebedingungen zu.',
  invalid_email: 'Bitte gib eine gültige E-Mail Adresse ein.',
  university_required: 'Bitte wähle eine Hochschule aus der Liste aus.',
  email_used_by_someone_else:
    'Diese E-Mail-Adresse wird bereits von einem anderen Konto verwendet.',
  cannot_register_again:
    'Du bist bereits über {universityEmail} für das Campusprogramm registriert. Eine Verlängerung ist ab dem {possibleRenewalDate} möglich.',
  email_does_not_belong_to_university:
    'Diese E-Mail-Adresse gehört nicht zur ausgewählten Hochschule.',
  campus_internal_error:
    'Es ist ein interner Fehler aufgetreten. Bitte versuche es in 10 Minuten erneut oder nutze die manuelle Registrierung mit Nachweis.',
  campus_not_for_business: 'Das Campusprogramm steht nur Privatkunden offen.',
  campus_valid_to_before_from: 'Das Enddatum muss nach dem Startdatum liegen.',
  campus_valid_to_past: 'Das Enddatum muss in der Zukunft liegen.',
  campus_registered:
    'Vielen Dank! Bitte bestätige deine Registrierung über den Link, den wir an deine Hochschul-E-Mail-Adresse gesendet haben.',
  campus_document_submitted: 'Vielen Dank! Deine Unterlagen wurden übermittelt und werden geprüft.',
  campus_pending:
    'Deine Registrierung wird momentan bearbeitet. Die Freischaltung erfolgt in der Regel innerhalb von 24 Stunden.',
  campus_valid_until: 'Du bist noch bis zum {date} für unser Campusprogramm freigeschaltet.',
  campus_pending_shipping:
    'Du kannst schon jetzt zu Campus-Preisen einkaufen; wir versenden deine Bestellung, sobald dein Nachweis geprüft ist.',
  campus_email_pending:
    'Wir haben dir einen Bestätigungslink an {email} gesendet. Bitte öffne ihn, um deine Registrierung abzuschließen.',
  campus_near_expire:
    'Deine Campus-Mitgliedschaft endet am {date}. Verlängere sie jetzt, damit du weiter Campus-Preise erhältst.',
  campus_expired:
    'Deine Campus-Mitgliedschaft ist am {date} abgelaufen. Lade einen aktuellen Nachweis hoch, um sie zu verlängern.',
  campus_deactivated:
    'Deine Campus-Mitgliedschaft ist deaktiviert. Du kannst dich jederzeit erneut registrieren.',
  campus_rejected_reason: 'Grund: {reason}',
  campus_email_confirmed:
    'Deine Hochschul-E-Mail-Adresse ist bestätigt. Du bist bis zum {date} für unser Campusprogramm freigeschaltet.',
  campus_link_invalid:
    'Dieser Bestätigungslink ist ungültig oder abgelaufen. Bitte registriere dich im Kundenkonto erneut.',
  campus_renewal_pending:
    'Deine Verlängerung wird bearbeitet. Bis dahin bleibt deine Mitgliedschaft aktiv.',
  file_required: 'Bitte wähle eine Datei aus.',
} as const

// storefront section 8: cart and wishlist
const cart = {
  // storefront §8: the cart's overlay for an error without request or response
  cart_unexpected_error:
    'Es ist ein unerwarteter Fehler aufgetreten, bitte versuche es jetzt oder später erneut.',
  cart_add_warranty_failed:
    'Leider gibt es gerade technische Schwierigkeiten. Die Garantie konnte nicht hinzugefügt werden.',
  cart_remove_warranty_failed:
    'Leider gibt es gerade technische Schwierigkeiten. Die Garantie konnte nicht entfernt werden.',
  cart_remove_failed:
    'Leider gibt es gerade technische Schwierigkeiten. Das Produkt konnte nicht entfernt werden.',
  cart_quantity_failed:
    'Leider gibt es gerade technische Schwierigkeiten. Die Menge konnte nicht geändert werden.',
  cart_no_products: 'Zur Zeit befinden sich keine Produkte im Warenkorb.',
  wishlist_moved_all: 'Alle Produkte wurden zum Warenkorb hinzugefügt',
  wishlist_move_failed:
    'Die Produkte konnten nicht in den Warenkorb gelegt werden. Bitte wende dich an unseren Kundenservice.',
  cart_quantities_adjusted:
    'Die Menge einiger Produkte in deinem Warenkorb wurde an den verfügbaren Bestand angepasst.',
  cart_added_capped:
    'Das Produkt wurde in den Warenkorb gelegt, aber nicht in der gewünschten Menge: Mehr ist derzeit nicht bestellbar.',
  cart_merged: 'Die Produkte aus deinem letzten Besuch wurden in deinen Warenkorb übernommen.',
  wishlist_moved_some:
    'Die verfügbaren Produkte wurden zum Warenkorb hinzugefügt. Nicht lieferbare Produkte bleiben auf deinem Merkzettel.',
  wishlist_empty: 'Dein Merkzettel ist leer.',
} as const

// storefront sections 3 and 8: checkout and payments
const checkout = {
  cart_empty: 'Dein Warenkorb ist leer.',
  init_error: 'Beim Laden der Kasse ist ein technisches Problem aufgetreten.',
  checkout_init_error: 'Beim Laden der Kasse ist ein technisches Problem aufgetreten.',
  checkout_general: 'Es ist ein Fehler aufgetreten, bitte versuche es erneut.',
  checkout_login_failed: 'Die Anmeldung war nicht erfolgreich. Bitte überprüfe deine Zugangsdaten.',
  checkout_auto_registration_failed:
    'Dein Kundenkonto konnte nicht angelegt werden. Bitte versuche es erneut.',
  checkout_address_save_failed: 'Deine Adresse konnte nicht gespeichert werden.',
  checkout_delivery_problem: 'Bei der Lieferung gibt es ein Problem. Bitte prüfe deine Adresse.',
  checkout_no_payments: 'Für diese Bestellung ist derzeit keine Zahlart verfügbar.',
  no_shipping_available: 'Für diese Bestellung ist derzeit keine Versandart verfügbar.',
  payment_method_unsupported: 'Diese Zahlart wird nicht unterstützt.',
  checkout_vat_id_problem:
    'Mit deiner Ust. ID. gibt es ein Problem. Bitte wende dich an unseren Kundenservice.',
  paypal_init_failed:
    'PayPal Express ist gerade nicht verfügbar. Bitte versuche es später erneut oder wähle eine andere Zahlart.',
  amazon_pay_init_failed:
    'Amazon Pay ist gerade nicht verfügbar. Bitte versuche es später erneut oder wähle eine andere Zahlart.',
  paypal_address_unusable:
    'Die Adresse aus deinem PayPal-Konto können wir leider nicht verwenden. Bitte gib eine andere Adresse an.',
  amazon_pay_address_unusable:
    'Die Adresse aus deinem Amazon-Konto können wir leider nicht verwenden. Bitte gib eine andere Adresse an.',
  apple_pay_unavailable:
    'Leider kannst du gerade Apple Pay nicht benutzen, bitte wähle eine andere Zahlart.',
  checkout_delivery_country_not_allow: 'In dieses Land können wir leider nicht liefern.',
  checkout_delivery_country_locked: 'Wir liefern in das Land deiner Rechnungsadresse.',
  checkout_delivery_country_not_found: 'Das Lieferland ist unbekannt.',
  checkout_payment_method_not_available_for_delivery_country:
    'Diese Zahlart ist für das gewählte Lieferland leider nicht verfügbar.',
  checkout_products_germany_only:
    'Einige Produkte in deinem Warenkorb können wir nur innerhalb Deutschlands liefern.',
  checkout_out_of_stock:
    'Ein Produkt in deinem Warenkorb ist leider nicht mehr in der gewünschten Menge verfügbar.',
  checkout_delivery_address_invalid: 'Die Lieferadresse ist ungültig.',
  checkout_delivery_address_full_name_too_long:
    'Vor- und Nachname dürfen zusammen höchstens 50 Zeichen lang sein.',
  payment_cancelled: 'Die Zahlung wurde abgebrochen. Dein Warenkorb ist unverändert.',
  payment_failed: 'Die Zahlung ist fehlgeschlagen. Bitte wähle eine andere Zahlart.',
  payment_declined:
    'Die Zahlung wurde vom Zahlungsanbieter abgelehnt. Bitte wähle eine andere Zahlart.',
  payment_expired: 'Die Zahlung wurde nicht rechtzeitig abgeschlossen. Bitte versuche es erneut.',
  apple_pay_token_invalid:
    'Die Zahlung mit Apple Pay konnte nicht geprüft werden. Bitte wähle eine andere Zahlart.',
  voucher_invalid: 'Der Gutscheincode ist leider ungültig.',
  voucher_limit_reached: 'Pro Bestellung kann höchstens {max} Gutschein eingelöst werden.',
  voucher_min_order: 'Dieser Gutschein gilt erst ab einem Bestellwert von {amount}.',
  voucher_used_up: 'Dieser Gutschein wurde bereits eingelöst.',
  voucher_not_for_customer: 'Dieser Gutschein gilt nur für Geschäftskunden.',
  order_placed: 'Vielen Dank für deine Bestellung!',
  checkout_delivery_address_street_missing: 'Bitte gib die Straße der Lieferadresse ein.',
  checkout_delivery_address_street_too_short: 'Die Straße der Lieferadresse ist zu kurz.',
  checkout_delivery_address_street_too_long: 'Die Straße der Lieferadresse ist zu lang.',
  checkout_delivery_address_street_invalid: 'Die Straße der Lieferadresse ist ungültig.',
  checkout_delivery_address_street_number_missing:
    'Bitte gib die Hausnummer der Lieferadresse ein.',
  checkout_delivery_address_street_number_too_short:
    'Die Hausnummer der Lieferadresse ist zu kurz.',
  checkout_delivery_address_street_number_too_long: 'Die Hausnummer der Lieferadresse ist zu lang.',
  checkout_delivery_address_street_number_invalid: 'Die Hausnummer der Lieferadresse ist ungültig.',
  checkout_delivery_address_postcode_missing: 'Bitte gib die Postleitzahl der Lieferadresse ein.',
  checkout_delivery_address_postcode_too_short: 'Die Postleitzahl der Lieferadresse ist zu kurz.',
  checkout_delivery_address_postcode_too_long: 'Die Postleitzahl der Lieferadresse ist zu lang.',
  checkout_delivery_address_postcode_invalid: 'Die Postleitzahl der Lieferadresse ist ungültig.',
  checkout_delivery_address_city_missing: 'Bitte gib den Ort der Lieferadresse ein.',
  checkout_delivery_address_city_too_short: 'Der Ort der Lieferadresse ist zu kurz.',
  checkout_delivery_address_city_too_long: 'Der Ort der Lieferadresse ist zu lang.',
  checkout_delivery_address_city_invalid: 'Der Ort der Lieferadresse ist ungültig.',
  checkout_delivery_address_firstname_missing: 'Bitte gib den Vornamen der Lieferadresse ein.',
  checkout_delivery_address_firstname_too_short: 'Der Vorname der Lieferadresse ist zu kurz.',
  checkout_delivery_address_firstname_too_long: 'Der Vorname der Lieferadresse ist zu lang.',
  checkout_delivery_address_firstname_invalid: 'Der Vorname der Lieferadresse ist ungültig.',
  checkout_delivery_address_lastname_missing: 'Bitte gib den Nachnamen der Lieferadresse ein.',
  checkout_delivery_address_lastname_too_short: 'Der Nachname der Lieferadresse ist zu kurz.',
  checkout_delivery_address_lastname_too_long: 'Der Nachname der Lieferadresse ist zu lang.',
  checkout_delivery_address_lastname_invalid: 'Der Nachname der Lieferadresse ist ungültig.',
  checkout_cart_changed:
    'Dein Warenkorb hat sich während des Bezahlens geändert. Bitte prüfe deine Bestellung und bestelle erneut.',
  checkout_payment_missing: 'Bitte wähle eine Zahlart.',
  checkout_address_missing: 'Bitte gib deine Rechnungsadresse an.',
  checkout_login_required: 'Bitte melde dich an oder bestelle als Gast.',
  checkout_express_guest:
    'Als Gast gib bitte zuerst deine E-Mail- und Rechnungsadresse ein; danach kannst du mit PayPal oder Amazon Pay bezahlen.',
  checkout_payment_pending:
    'Die Zahlung ist noch nicht abgeschlossen. Bitte bestätige sie beim Zahlungsanbieter.',
  checkout_order_not_found: 'Wir konnten deine Bestellung nicht finden.',
  checkout_take_back_choice_missing:
    'Bitte gib an, ob wir dein Altgerät bei der Lieferung kostenlos mitnehmen sollen.',
  checkout_express_login_required:
    'Bitte melde dich an oder gib deine Adresse als Gast ein, um mit dieser Zahlart zu bezahlen.',
  card_missing: 'Bitte gib deine Kreditkartendaten ein.',
  voucher_removed: 'Der Gutschein wurde entfernt.',
  voucher_not_found: 'Dieser Gutschein ist nicht eingelöst.',
  idempotency_conflict: 'Diese Bestellung wurde bereits mit anderen Daten abgeschickt.',
} as const

// storefront section 8: catalog and discovery
const catalog = {
  category_no_products: 'Es gibt keine Produkte in dieser Kategorie.',
  search_no_results: 'Zu deiner Suche haben wir leider keine Produkte gefunden.',
  filter_invalid: 'Der Filter ist ungültig.',
  // our wording (issue 18): notices of the category navigation and the energy label
} as const

// storefront section 8: newsletter and spam protection
const newsletter = {
  newsletter_subscribed:
    'Vielen Dank für deine Anmeldung! Wir haben dir soeben eine E-Mail zur Bestätigung deiner Anmeldung gesendet.',
  newsletter_activated: 'Deine Newsletter-Aktivierung war erfolgreich.',
  newsletter_activation_failed: 'Deine Newsletter-Aktivierung war nicht erfolgreich.',
  spam_protection:
    'Du hast dieses Formular gerade erst abgeschickt. Bitte versuche es in {minutes} Minuten erneut.',
  newsletter_unsubscribed: 'Du hast dich vom Newsletter abgemeldet. Schade, dass du gehst!',
  newsletter_unsubscribe_failed:
    'Die Abmeldung hat leider nicht geklappt: Der Link ist ungültig. Bitte wende dich an unseren Kundenservice.',
} as const

// product reviews (issue 22; our wording, spam limits of storefront section 9)
const reviews = {
  review_rating_required: 'Bitte vergib 1 bis 5 Sterne.',
  review_exists: 'Du hast dieses Produkt bereits bewertet. Du kannst deine Bewertung bearbeiten.',
  review_too_soon:
    'Du hast gerade erst eine Bewertung zu diesem Produkt abgeschickt. Bitte versuche es in {minutes} Minuten erneut.',
  review_comment_too_soon:
    'Du hast gerade erst einen Kommentar geschrieben. Bitte versuche es in {minutes} Minuten erneut.',
  review_vote_own: 'Deine eigene Bewertung kannst du nicht als hilfreich markieren.',
  review_status_not_allowed: 'Die Bewertung wurde inzwischen schon bearbeitet.',
  review_saved:
    'Danke für deine Bewertung! Wir prüfen sie und veröffentlichen sie nach der Freigabe.',
  review_deleted: 'Deine Bewertung wurde gelöscht.',
  review_comment_saved: 'Danke für deinen Kommentar!',
  review_voted: 'Danke für deine Rückmeldung!',
} as const

// storefront sections 4 and 7: consent manager and tracking
const consent = {
  consent_required:
    'Dafür brauchen wir deine Einwilligung. Du kannst sie in den Cookie-Einstellungen erteilen.',
  consent_saved: 'Deine Cookie-Einstellungen wurden gespeichert.',
  consent_save_failed:
    'Deine Cookie-Einstellungen konnten nicht gespeichert werden. Bitte versuche es erneut.',
} as const

// storefront sections 2 and 7: content snippets and the support chat
const ads = {
  chat_send_failed: 'Deine Nachricht konnte nicht gesendet werden. Bitte versuche es erneut.',
  chat_auto_reply:
    'Danke für deine Nachricht! Unser Kundenservice antwortet Montag bis Freitag von 8 bis 18 Uhr, meist innerhalb weniger Minuten.',
} as const

// the back office (issue 11's staff area; Campus review of issue 9)
const staff = {
  staff_login_failed: 'E-Mail-Adresse oder Passwort sind nicht korrekt.',
  staff_forbidden: 'Dafür fehlt deiner Rolle die Berechtigung.',
  staff_unauthorized: 'Bitte melde dich im Backoffice an.',
  staff_code_invalid: 'Der Code stimmt nicht oder ist abgelaufen.',
  staff_code_expired: 'Der Code ist abgelaufen. Bitte melde dich erneut an.',
  staff_code_sent: 'Wir haben dir einen neuen Code gesendet.',
  staff_code_resend_failed:
    'Es kann kein weiterer Code gesendet werden. Bitte melde dich erneut an.',
  campus_application_not_pending: 'Dieser Antrag wurde bereits bearbeitet.',
  campus_valid_until_invalid:
    'Das Enddatum muss in der Zukunft und höchstens fünf Jahre entfernt liegen.',
  campus_document_missing: 'Das Dokument ist nicht mehr gespeichert.',
  campus_approved:
    'Der Antrag wurde freigegeben. Die Kundin oder der Kunde wurde per E-Mail informiert.',
  campus_rejected:
    'Der Antrag wurde abgelehnt. Die Kundin oder der Kunde wurde per E-Mail informiert.',
} as const

// the back office's work areas (issue 11)
const backoffice = {
  backoffice_not_business: 'Nur Geschäftskunden haben Firmendaten.',
  backoffice_owner_required:
    'Für diese Rechtsform braucht das Konto Vor- und Nachnamen der Inhaberin oder des Inhabers.',
  backoffice_not_blocked: 'Die Anmeldung dieses Kontos ist nicht gesperrt.',
  backoffice_range_invalid:
    'Der Zeitraum ist ungültig: das Ende darf nicht vor dem Beginn liegen, höchstens 366 Tage.',
  backoffice_unblocked: 'Die Sperre der Anmeldung wurde aufgehoben.',
  backoffice_reset_not_possible:
    'Für dieses Konto kann kein Passwort gesetzt werden (Gastkonto ohne Kundenkonto).',
  backoffice_reset_sent: 'Die E-Mail zum Zurücksetzen des Passworts wurde gesendet.',
  backoffice_status_not_allowed: 'Dieser Statuswechsel ist für die Lieferung nicht möglich.',
  backoffice_cancel_not_allowed:
    'Nur Lieferungen, die noch nicht versendet sind, können storniert werden.',
  backoffice_strike_price_too_low: 'Der Streichpreis muss über dem Preis liegen.',
  backoffice_campus_price_too_high: 'Der Campus-Preis muss unter dem Preis liegen.',
  backoffice_voucher_code_invalid:
    'Der Code hat 3 bis 30 Zeichen: Buchstaben, Ziffern und Bindestriche.',
  backoffice_voucher_code_taken: 'Diesen Gutscheincode gibt es schon.',
  backoffice_voucher_dates_invalid: 'Das Ende der Gültigkeit darf nicht vor dem Beginn liegen.',
  backoffice_saved: 'Die Änderung wurde gespeichert.',
  // the back office's form inputs (web/features/backoffice/shared.tsx)
  backoffice_euro_invalid: 'Bitte gib einen Betrag wie 19,99 ein.',
  backoffice_whole_number_invalid: 'Bitte gib eine ganze Zahl ein.',
  // mail delivery (issue 16)
  backoffice_mail_not_resendable:
    'Diese Mail wurde schon versendet oder wird gerade versendet und kann nicht erneut gesendet werden.',
  backoffice_mail_resent: 'Die Mail wird erneut gesendet.',
  // product management (issue 21)
  ean_invalid: 'Die EAN hat 8 oder 13 Ziffern.',
  ean_checksum_invalid:
    'Die Prüfziffer der EAN stimmt nicht. Bitte vergleiche sie mit der Verpackung.',
  article_number_invalid: 'Die Artikelnummer hat 7 Ziffern und beginnt nicht mit 0.',
  backoffice_article_number_taken: 'Diese Artikelnummer hat schon ein anderer Artikel.',
  backoffice_ean_taken: 'Diese EAN hat schon ein anderer Artikel.',
  backoffice_product_changed:
    'Das Produkt wurde inzwischen von jemand anderem geändert. Bitte lade es neu und übertrage deine Änderungen.',
  backoffice_category_invalid: 'Bitte wähle eine Unterkategorie ohne weitere Unterkategorien.',
  backoffice_manufacturer_invalid: 'Diesen Hersteller gibt es nicht.',
  backoffice_attribute_invalid: 'Diesen Wert gibt es für das Merkmal nicht.',
  backoffice_attribute_value_fixed:
    'Für dieses Merkmal gibt es nur die vorhandenen Werte; bitte wähle einen aus.',
  backoffice_energy_scale_invalid: 'Die Skala hat die Form „A - G“.',
  backoffice_product_retired: 'Der Artikel wurde aus dem Sortiment genommen.',
  backoffice_product_created: 'Der Artikel wurde angelegt.',
  backoffice_category_slug_taken:
    'Unter dieser Kategorie gibt es schon eine mit diesem Namen (gleiche Adresse).',
  backoffice_category_has_products:
    'Diese Kategorie enthält Artikel; Unterkategorien sind nur in Kategorien ohne eigene Artikel möglich.',
  backoffice_category_parent_invalid: 'Diese übergeordnete Kategorie gibt es nicht.',
  // manufacturers and their product-safety contacts (issue 20, GPSR Art. 19)
  country_code_invalid: 'Bitte gib das Land als Code mit zwei Buchstaben an, z. B. DE oder TW.',
  electronic_address_invalid:
    'Bitte gib eine E-Mail-Adresse oder die Adresse eines Kontaktformulars (https://…) an.',
  backoffice_responsible_person_required:
    'Für einen Hersteller außerhalb der EU ist eine verantwortliche Person in der EU nötig (Art. 16 GPSR).',
  backoffice_responsible_person_outside_eu:
    'Die verantwortliche Person muss in der EU niedergelassen sein.',
  backoffice_brand_taken: 'Diese Marke ist schon einem anderen Hersteller zugeordnet.',
  backoffice_brand_in_use:
    'Die Marke steht an Artikeln und im Filter „Hersteller“; sie lässt sich nur ändern, solange kein Artikel sie trägt.',
  // catalog import and export (issue 21)
  catalog_import_file_invalid:
    'Die Datei konnte nicht gelesen werden. Erwartet wird CSV (Trennzeichen ; oder ,) oder JSON.',
  catalog_import_file_empty: 'Die Datei enthält keine Artikelzeilen.',
  catalog_import_too_many_rows: 'Die Datei hat mehr als {max} Zeilen; bitte teile sie auf.',
  catalog_import_key_missing: 'Die Datei braucht die Spalte „artikelnummer“ oder „ean“.',
  catalog_import_column_unknown: 'Unbekannte Spalte „{column}“.',
  catalog_import_key_required: 'Artikelnummer oder EAN fehlt.',
  catalog_import_duplicate_row: 'Dieser Artikel steht schon in Zeile {line} der Datei.',
  catalog_import_category_unknown: 'Diese Kategorie gibt es nicht (Pfad oder Kurzname).',
  catalog_import_status_invalid: 'Der Status ist „aktiv“, „inaktiv“ oder „ausgelaufen“.',
  catalog_import_status_retired:
    'Ein ausgelaufener Artikel wird mit „aktiv“ wieder ins Sortiment genommen, nicht mit „inaktiv“.',
  catalog_import_value_invalid: 'Dieser Wert passt nicht in die Spalte.',
  catalog_import_list_invalid:
    'Diese Spalte braucht eine JSON-Liste, z. B. ["Hinweis 1", "Hinweis 2"] oder [{"name": "…", "monate": 24, "preis": 49.99}].',
  catalog_import_yes_no_invalid: 'Bitte „ja“ oder „nein“ eintragen.',
  catalog_import_energy_class_required:
    'Skala, Verbrauch und EPREL-Nummer gehören zu einer Energieeffizienzklasse; bitte die Klasse angeben.',
  backoffice_energy_class_invalid: 'Die Energieeffizienzklasse ist ein Buchstabe von A bis G.',
  backoffice_eprel_invalid: 'Die EPREL-Registriernummer besteht aus 1 bis 10 Ziffern.',
  catalog_import_refused:
    'Die Datei wurde nicht importiert, weil mindestens eine Zeile fehlerhaft ist. Es wurde nichts geändert.',
  // catalog import with pictures: ZIP archives (issue 21)
  catalog_import_file_too_large: 'Die Datei ist größer als 15 MB; bitte teile sie auf.',
  catalog_import_zip_invalid:
    'Das ZIP-Archiv ist beschädigt oder kein ZIP-Archiv (erlaubt: gespeichert oder Deflate).',
  catalog_import_zip_too_large:
    'Das ZIP-Archiv ist entpackt zu groß (höchstens {max} MB insgesamt, die Datei höchstens 15 MB, ein Bild höchstens 10 MB).',
  catalog_import_zip_bomb:
    'Der Eintrag „{name}“ entpackt sich auf ein Vielfaches seiner Größe (ZIP-Bombe); das Archiv wurde nicht gelesen.',
  catalog_import_zip_too_many_entries: 'Das ZIP-Archiv hat mehr als {max} Einträge.',
  catalog_import_zip_name_invalid:
    'Der Eintrag „{name}“ hat einen unzulässigen Namen (absoluter Pfad, „..“ oder Backslash).',
  catalog_import_zip_no_data_file:
    'Im ZIP-Archiv fehlt die Artikeldatei (eine .csv- oder .json-Datei).',
  catalog_import_zip_many_data_files:
    'Im ZIP-Archiv liegen mehrere Artikeldateien ({names}); erlaubt ist genau eine .csv- oder .json-Datei.',
  catalog_import_pictures_need_zip:
    'Die Spalte „bilder“ braucht die Bilddateien: bitte die Datei zusammen mit den Bildern als ZIP-Archiv hochladen.',
  catalog_import_picture_missing: 'Das Bild „{name}“ liegt nicht im ZIP-Archiv.',
  catalog_import_picture_type_invalid:
    'Das Bild „{name}“ ist kein lesbares JPEG-, PNG- oder WebP-Bild.',
  catalog_import_picture_too_large: 'Das Bild „{name}“ ist größer als 10 MB.',
  catalog_import_picture_too_many_pixels:
    'Das Bild „{name}“ hat zu viele Bildpunkte (höchstens 40 Megapixel).',
  catalog_import_picture_too_small:
    'Das Bild „{name}“ ist zu klein (die kürzere Seite braucht mindestens 100 Pixel).',
  catalog_import_picture_too_many: 'Ein Artikel hat höchstens {max} Bilder.',
  catalog_import_picture_alt_too_long: 'Der Alternativtext zu „{name}“ hat mehr als 200 Zeichen.',
  catalog_import_picture_syntax_invalid:
    'Die Spalte „bilder“ nennt Dateinamen getrennt durch |, je mit optionalem Alternativtext: bild1.jpg=Vorderseite|bild2.jpg',
  // product pictures (issue 21)
  backoffice_picture_required: 'Bitte wähle mindestens ein Bild aus.',
  backoffice_picture_type_invalid:
    'Die Datei „{name}“ ist kein JPEG-, PNG- oder WebP-Bild; es wurde nichts hochgeladen.',
  backoffice_picture_too_large:
    'Eine Datei ist größer als 10 MB; es wurde nichts hochgeladen. Bitte verkleinere sie.',
  backoffice_picture_too_many_pixels:
    'Das Bild „{name}“ hat mehr als 40 Megapixel. Bitte verkleinere es vor dem Hochladen.',
  backoffice_picture_too_small:
    'Das Bild „{name}“ ist zu klein: Es braucht mindestens 100 Pixel an der kürzeren Seite.',
  backoffice_picture_limit:
    'Ein Artikel hat höchstens 12 Bilder; lade höchstens 8 auf einmal hoch.',
  backoffice_picture_alt_too_long: 'Der Alternativtext hat höchstens 200 Zeichen.',
  backoffice_pictures_changed:
    'Die Bilder wurden inzwischen geändert. Bitte lade die Seite neu und ordne sie dann erneut.',
  backoffice_pictures_saved: 'Die Bilder wurden gespeichert.',
} as const

// the withdrawal function ("Vertrag widerrufen", issue 19): reasons and errors (the mail: mails.de.ts)
const withdrawal = {
  withdrawal_business_customer:
    'Das gesetzliche Widerrufsrecht gilt für Verbraucher (§ 312g in Verbindung mit § 13 BGB). Diese Bestellung wurde als Geschäftskunde aufgegeben, deshalb bieten wir hier keinen Widerruf an. Bei Fragen hilft dir unser Kundenservice.',
  withdrawal_period_over:
    'Die Widerrufsfrist von 14 Tagen ab Erhalt ist am {date} abgelaufen. Ein Widerruf ist deshalb nicht mehr möglich. Bei einem Mangel kannst du dich an unseren Kundenservice wenden.',
  withdrawal_delivery_cancelled: 'Diese Lieferung wurde storniert; es gibt nichts zu widerrufen.',
  withdrawal_already_declared:
    'Für alle Artikel dieser Lieferung hast du den Widerruf bereits erklärt.',
  withdrawal_not_available:
    'Für die gewählten Artikel ist ein Widerruf nicht möglich. Bitte lade die Seite neu und prüfe die Angaben.',
  withdrawal_quantity_exceeded:
    'Die gewählte Menge ist größer als die Menge, die du noch widerrufen kannst. Bitte lade die Seite neu.',
  withdrawal_items_required:
    'Bitte wähle mindestens einen Artikel aus oder widerrufe die ganze Bestellung.',
  withdrawal_order_not_found:
    'Wir haben keine Bestellung mit dieser Bestellnummer und dieser E-Mail-Adresse gefunden. Bitte prüfe deine Angaben.',
} as const

// returns (issue 19): registering a return with its label, and the staff steps
const returns = {
  return_items_required: 'Bitte wähle mindestens einen Artikel aus.',
  return_reason_required: 'Bitte beschreibe den Mangel (mindestens 10 Zeichen).',
  return_not_available:
    'Für die gewählten Artikel ist diese Art der Rücksendung nicht möglich. Bitte lade die Seite neu.',
  return_quantity_exceeded:
    'Die gewählte Menge ist größer als die Menge, die du noch zurücksenden kannst. Bitte lade die Seite neu.',
  return_label_failed:
    'Der Retourenschein konnte nicht erstellt werden. Bitte versuche es später erneut oder wende dich an unseren Kundenservice.',
  return_status_not_allowed:
    'Dieser Schritt ist im aktuellen Status der Rücksendung nicht möglich.',
  return_lines_invalid:
    'Bitte entscheide für jeden Artikel der Rücksendung: wieder einlagern oder abschreiben.',
} as const

// refunds and cancellation (issue 19): the IBAN for a bank transfer, cancelling a delivery, staff rules
const refunds = {
  iban_invalid: 'Bitte gib eine gültige IBAN ein, z. B. DE89 3704 0044 0532 0130 00.',
  iban_length: 'Eine IBAN aus diesem Land hat {length} Zeichen. Bitte prüfe deine Eingabe.',
  iban_checksum: 'Die Prüfziffern der IBAN stimmen nicht. Bitte prüfe deine Eingabe.',
  invoice_format_invalid: 'Bitte wähle ein Rechnungsformat: PDF, ZUGFeRD oder XRechnung.',
  leitweg_id_invalid:
    'Bitte gib eine gültige Leitweg-ID ein, z. B. 991-12345-67 (Ziffern, optional Buchstaben, mit Bindestrichen).',
  refund_cancel_not_allowed:
    'Diese Lieferung ist schon unterwegs und kann nicht mehr storniert werden. Du kannst stattdessen den Vertrag widerrufen.',
  refund_iban_not_needed: 'Für diese Erstattung brauchen wir keine Bankverbindung mehr.',
  refund_line_invalid: 'Diese Position kann nicht erstattet werden.',
  refund_quantity_exceeded: 'Die Menge ist größer als die noch nicht erstattete Menge.',
  refund_exceeds_paid: 'Die Erstattungen wären höher als der gezahlte Betrag.',
  refund_amount_invalid: 'Der Erstattungsbetrag muss größer als 0 € sein.',
  refund_nothing_paid: 'Für diese Bestellung ist noch keine Zahlung eingegangen.',
  refund_status_not_allowed: 'Das ist im aktuellen Status der Erstattung nicht möglich.',
} as const

// the back office's after-sale work (issue 19): inspecting returns and refunding
const afterSale = {
  after_sale_outcome_required: 'Bitte wähle für jeden Artikel: zurück ins Lager oder abschreiben.',
  after_sale_refund_empty: 'Bitte wähle mindestens einen Artikel oder gib einen Betrag ein.',
} as const

// moving categories in the tree and their filter lists (issue 21)
const categoryAdmin = {
  backoffice_category_before_invalid:
    'Die Kategorie, vor die verschoben werden soll, liegt nicht unter der gewählten übergeordneten Kategorie.',
  backoffice_category_move_cycle:
    'Eine Kategorie kann nicht unter sich selbst oder eine ihrer Unterkategorien verschoben werden.',
  backoffice_category_filter_invalid: 'Dieses Filtermerkmal gibt es nicht.',
  backoffice_category_filters_duplicate: 'Jedes Filtermerkmal kann nur einmal in der Liste stehen.',
} as const

export const messagesDe = {
  ...coreMessagesDe,
  ...general,
  ...fields,
  ...account,
  ...customerData,
  ...addresses,
  ...orders,
  ...creditCards,
  ...campus,
  ...cart,
  ...checkout,
  ...catalog,
  ...newsletter,
  ...reviews,
  ...consent,
  ...ads,
  ...staff,
  ...backoffice,
  ...withdrawal,
  ...returns,
  ...refunds,
  ...afterSale,
  ...categoryAdmin,
} as const

export type MessageCode = keyof typeof messagesDe
export type MessageParams = Record<string, string | number>

export function isMessageCode(code: string): code is MessageCode {
  return Object.hasOwn(messagesDe, code)
}

/**
 * A zod message: the code, with its parameters appended as a query string
 * (`min_length?length=2`), so that one string carries both through zod and JSON.
 */
export function m(code: MessageCode, params?: MessageParams): string {
  if (!params) return code
  const query = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))
  return `${code}?${query.toString()}`
}

/** Splits a message produced by m() into code and parameters. */
export function parseMessage(raw: string): { code: string; params: Record<string, string> } {
  const at = raw.indexOf('?')
  if (at < 0) return { code: raw, params: {} }
  return {
    code: raw.slice(0, at),
    params: Object.fromEntries(new URLSearchParams(raw.slice(at + 1))),
  }
}

/** German text for a code (or an m() message); unknown codes get the fallback text. */
export function translate(
  raw: string,
  params?: MessageParams,
  fallback: MessageCode = 'general_error',
): string {
  const parsed = parseMessage(raw)
  const text = isMessageCode(parsed.code) ? messagesDe[parsed.code] : messagesDe[fallback]
  const all: MessageParams = { ...parsed.params, ...params }
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => (key in all ? String(all[key]) : whole))
}
