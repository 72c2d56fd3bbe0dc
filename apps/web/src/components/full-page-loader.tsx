import { Spinner } from './spinner';
import './loaders.css';

/** Shown while signing in, and while a route's code loads for the first time. */
export function FullPageLoader() {
  return (
    <div className="full-page-loader" role="status">
      <Spinner />
      <p>Loading...</p>
    </div>
  );
}
