import { ScreenReaderText } from './screen-reader-text';
import { Spinner } from './spinner';
import './loaders.css';

/** The spinner of a list, viewer or editor while its data loads. */
export function SectionLoader() {
  return (
    <div className="section-loader" role="status">
      <Spinner size="md" />
      <ScreenReaderText>Loading...</ScreenReaderText>
    </div>
  );
}
