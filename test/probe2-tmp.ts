import { createReadStream } from 'node:fs';
import { MailParser } from 'mailparser';

const p = new MailParser();
p.on('headerLines', (l) => console.log(JSON.stringify(l.find((x: { key: string }) => x.key === 'subject'))));
p.on('headers', (h) => console.log(JSON.stringify(h.get('subject')), JSON.stringify(h.get('content-type'))));
p.on('data', (d) => {
  if (d.type === 'attachment') {
    console.log('att', d.headers?.get?.('content-transfer-encoding'));
    d.content.resume();
    d.content.on('end', () => d.release());
  }
});
createReadStream(`test/fixtures/mail/${process.argv[2]}.eml`).pipe(p);
