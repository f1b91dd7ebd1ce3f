import { ledgerContract } from '../../support/contracts/ledger-contract.ts';
import { MemoryLedger } from './events-fakes.ts';

// The fake the unit tests use keeps the same contract as the real adapters, or those tests prove nothing.
ledgerContract('in-memory fake', async () => ({ ledger: new MemoryLedger(), close: async () => undefined }));
