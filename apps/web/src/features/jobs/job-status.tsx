import { JOB_STATUS_NAMES, type JobStatus, type Rag } from '@fieldbook/domain';
import { ScreenReaderText } from '../../components/screen-reader-text';
import './job-status.css';

/** A flag's colour as a person says it. */
export const RAG_NAMES: Record<Rag, string> = { RED: 'Red', AMBER: 'Amber', GREEN: 'Green' };

/** A job's red, amber or green flag: a coloured disc with R, A or G on it; a screen reader hears the colour. */
export function RagDot({ rag }: { rag: Rag }) {
  return (
    <>
      <span className="rag-dot" data-rag={rag} title={RAG_NAMES[rag]} aria-hidden="true">
        {rag.charAt(0)}
      </span>
      <ScreenReaderText>{RAG_NAMES[rag]}:</ScreenReaderText>
    </>
  );
}

/** A job's status as users read it ('Ready to be scheduled'), after its flag when it has one. */
export function JobStatusLabel({ status, rag }: { status: JobStatus; rag: Rag | null }) {
  return (
    <span className="job-status">
      {rag && <RagDot rag={rag} />}
      {JOB_STATUS_NAMES[status]}
    </span>
  );
}
