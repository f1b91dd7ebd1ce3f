/**
 * Titles of shipping papers that are none of the six types: releases and declarations about a shipment,
 * certificates that travel with it. Such a title in the page header, with no stronger title of a type
 * beside it, says the document is `other`, however many of a bill's labels it repeats (a telex release
 * names the bill, the vessel, the ports and the consignee).
 */
export const OTHER_TITLES: readonly string[] = [
  'telex release',
  'telex release message',
  'release message',
  'surrender notice',
  'bill of lading surrender',
  'verified gross mass',
  'vgm declaration',
  'vgm certificate',
  'certificate of origin',
  'certificat d origine',
  'ursprungszeugnis',
  'certificaat van oorsprong',
  'certificado de origen',
  'certificato di origine',
  'customs release',
  'customs release notification',
  'entry summary',
  'dangerous goods declaration',
  'phytosanitary certificate',
  'fumigation certificate',
  'insurance certificate',
  'certificate of insurance',
  // A credit note gives money back against an invoice: nothing is payable on it, unlike a debit note.
  'credit note',
  'credit memo',
  'note de credit',
  'facture d avoir',
  'gutschrift',
  'creditnota',
  'creditfactuur',
  'nota de credito',
  'nota di credito',
  'declaracao de importacao',
  'extrato da declaracao de importacao',
  'certificado de origem',
  'importer security filing',
];
