import type { Account } from '../http/env.ts';
import type { DocumentInclude, EmailSubmissionInclude } from './document-query.ts';
import type { DocumentRecord, EmailSubmissionRecord } from './document-records.ts';
import {
  serializeDocument,
  serializeEmailSubmissionSlim,
  serializeRepresentation,
} from './document-serializer.ts';
import type { DocumentStore } from './document-store.ts';
import type { EmailSubmissionStore } from './email-submission-store.ts';

export interface IncludeDeps {
  readonly documents: DocumentStore;
  readonly emailSubmissions: EmailSubmissionStore;
}

interface Resource {
  readonly id: string;
  readonly type: string;
}

/** Collects `included` resources once each, in first-seen order (JSON:API forbids duplicates). */
class IncludedSet {
  private readonly resources = new Map<string, Resource>();
  add(resource: Resource | undefined): void {
    if (resource === undefined) return;
    const key = `${resource.type}:${resource.id}`;
    if (!this.resources.has(key)) this.resources.set(key, resource);
  }
  toArray(): Resource[] {
    return [...this.resources.values()];
  }
}

/** The account as a minimal resource; the local service keeps no more about it than its name. */
const accountResource = (account: Account): Resource & { attributes: { name: string } } => ({
  id: account.id,
  type: 'account',
  attributes: { name: account.name },
});

const representationOf = (deps: IncludeDeps, document: DocumentRecord) => {
  const representation =
    document.lastRepresentationId === null
      ? undefined
      : deps.documents.representation(document.lastRepresentationId);
  return representation === undefined ? undefined : serializeRepresentation(representation);
};

/** `included` for documents. shipments, cargos and user are valid names that add nothing here. */
export function includedForDocuments(
  deps: IncludeDeps,
  documents: readonly DocumentRecord[],
  includes: ReadonlySet<DocumentInclude>,
  account: Account,
): Resource[] {
  const included = new IncludedSet();
  for (const document of documents) {
    if (includes.has('account')) included.add(accountResource(account));
    if (includes.has('last_document_representation') || includes.has('current_extraction')) {
      included.add(representationOf(deps, document));
    }
    if (includes.has('email_submission') && document.emailSubmissionId !== null) {
      const submission = deps.emailSubmissions.get(account.id, document.emailSubmissionId);
      included.add(submission === undefined ? undefined : serializeEmailSubmissionSlim(submission));
    }
  }
  return included.toArray();
}

/** `included` for email submissions; a dotted path brings its intermediate documents too, as JSON:API asks. */
export function includedForEmailSubmissions(
  deps: IncludeDeps,
  submissions: readonly EmailSubmissionRecord[],
  includes: ReadonlySet<EmailSubmissionInclude>,
  account: Account,
): Resource[] {
  const included = new IncludedSet();
  const withRepresentations = includes.has('documents.last_document_representation');
  for (const submission of submissions) {
    if (includes.has('account')) included.add(accountResource(account));
    if (!includes.has('documents') && !withRepresentations) continue;
    for (const document of deps.documents.listByEmailSubmission(submission.id)) {
      included.add(serializeDocument(document));
      if (withRepresentations) included.add(representationOf(deps, document));
    }
  }
  return included.toArray();
}
