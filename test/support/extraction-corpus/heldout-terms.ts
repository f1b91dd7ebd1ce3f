import type { Canvas } from './heldout-canvas.ts';

/**
 * Back pages of terms and conditions, written for the held-out set: two narrow columns of small print that
 * is full of words a label finder could take for labels (Shipper, Consignee, Port of Loading, Vessel,
 * Carrier, Invoice, Total, Date, Free Time), as on the back of a carrier's bill of lading or a broker's
 * standard trading conditions.
 */

const CLAUSES: readonly string[] = [
  '1. DEFINITIONS. "Carrier" means the party on whose behalf this document has been signed. "Merchant" includes the Shipper, Consignee, Notify Party, holder of this document, receiver of the Goods and any person owning or entitled to possession of the Goods, and all of them are jointly and severally liable. "Vessel" includes the ocean vessel named on the face hereof and any substitute, feeder or lighter. "Container" includes any container, flat, platform, trailer or pallet.',
  "2. CARRIER'S TARIFF. The terms of the Carrier's applicable tariff are incorporated herein. Copies of the relevant provisions are obtainable from the Carrier or its agents upon request. In case of inconsistency between this document and the tariff, this document shall prevail.",
  '3. PORT OF LOADING AND PORT OF DISCHARGE. Where the Port of Loading or Port of Discharge is not named on the face hereof, the Carrier may load or discharge the Goods at any port within the range of the ports named. Shipper and Consignee agree that a substitute port shall be deemed the Port of Discharge.',
  '4. SUB-CONTRACTING AND INDEMNITY. The Carrier shall be entitled to sub-contract on any terms the whole or any part of the carriage. The Merchant undertakes that no claim shall be made against any servant, agent or sub-contractor of the Carrier, including the Master and crew of the Vessel.',
  '5. FREIGHT AND CHARGES. Freight shall be deemed fully earned on receipt of the Goods by the Carrier and shall be paid in full without any set-off. Total freight and all charges stated on any Invoice are payable in the currency named therein; interest accrues from the Date payment was due. Invoice No. and Date references on remittances are required.',
  "6. FREE TIME, DEMURRAGE AND DETENTION. The Merchant shall return the Container within the Free Time stated in the Carrier's tariff. Last Free Day means the final calendar day of such Free Time; thereafter demurrage and detention charges accrue per Container per day until the Container is returned empty to the place designated by the Carrier.",
  '7. NOTIFICATION. Any mention of a Notify Party herein is solely for information of the Carrier. Failure to give notification of the arrival of the Goods to the Notify Party or to the Consignee shall not involve the Carrier in any liability.',
  "8. SHIPPER-PACKED CONTAINERS. If a Container has been stuffed or sealed by or on behalf of the Merchant, the Carrier shall not be liable for loss or damage to the contents, and the Seal No. as stated is the Merchant's declaration. The Gross Weight and number of Packages are as declared by the Shipper and unknown to the Carrier.",
  '9. DANGEROUS GOODS. No Goods which are or may become dangerous, inflammable or damaging shall be tendered to the Carrier without previous written notice of their nature and the name and address of the Shipper. The Merchant shall mark such Goods and Containers as required by any law or regulation.',
  '10. LIMITATION OF LIABILITY. Save as otherwise provided, the Carrier shall in no circumstances be liable for an amount exceeding 2 SDR per kilogram of gross weight of the Goods lost or damaged, or 666.67 SDR per package or unit, whichever is the higher, unless the nature and value of the Goods have been declared by the Shipper and inserted herein.',
  '11. DELIVERY. The Carrier shall be entitled to deliver the Goods against surrender of one original document duly endorsed, whereupon the others shall stand void. A Delivery Order issued by the Carrier or its agent does not transfer title to the Goods. Booking numbers and references given by the Merchant are for reference only.',
  '12. LAW AND JURISDICTION. Any claim or dispute arising hereunder shall be governed by English law and determined in the courts of the place where the Carrier has its principal place of business, to the exclusion of the jurisdiction of the courts of any other country.',
];

/** Draws `pages` pages of terms after the current page. */
export function drawTermsPages(canvas: Canvas, pages: number, heading: string): void {
  for (let page = 0; page < pages; page += 1) {
    canvas.newPage();
    canvas.text(heading, canvas.width / 2, 24, { size: 9, bold: true, align: 'center' });
    const column = (canvas.width - 70) / 2;
    let y = [44, 44];
    let side = 0;
    // Each page repeats the clauses in a different order, as a longer set of conditions would read.
    const clauses = [...CLAUSES.slice(page * 3), ...CLAUSES.slice(0, page * 3)];
    for (const clause of clauses) {
      const x = 25 + side * (column + 20);
      const bottom = canvas.paragraph(clause, x, y[side] ?? 44, column, 5.8);
      y = side === 0 ? [bottom + 4, y[1] ?? 44] : [y[0] ?? 44, bottom + 4];
      if ((y[side] ?? 0) > canvas.height - 90) side = 1;
    }
  }
}
