/** /account: the API key (show, copy, regenerate), a ready curl command, today's usage, password. */
import { useApiKey } from './api-key';
import { ApiKeySection } from './ApiKeySection';
import { CurlSection } from './CurlSection';
import { PasswordSection } from './PasswordSection';
import { UsageSection } from './UsageSection';
import './account.css';

export function AccountPage() {
  const key = useApiKey();
  return (
    <div className="account-page">
      <h1>API key &amp; usage</h1>
      <ApiKeySection apiKey={key.data} loading={key.isPending} error={key.error} />
      <CurlSection apiKey={key.data} />
      <UsageSection />
      <PasswordSection />
    </div>
  );
}
