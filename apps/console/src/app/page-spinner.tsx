// The centred spinner shown while a page or the status loads.
import { Spin } from 'antd';

/** A full-width loading indicator. */
export function PageSpinner() {
  return (
    <div data-testid="page-spinner" style={{ display: 'flex', justifyContent: 'center', padding: '96px 0' }}>
      <Spin size="large" />
    </div>
  );
}
