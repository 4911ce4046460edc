import type { ConfigFile } from '@netconsole/contract';

/**
 * Placeholder (a helper session builds it): a profile of source `file` — upload a vendor
 * configuration file, show its name, size and MD5, replace or remove it.
 */
export interface ConfigFileFieldProps {
  value: ConfigFile | null;
  onChange: (file: ConfigFile | null) => void;
  disabled?: boolean;
}

export function ConfigFileField(_props: ConfigFileFieldProps) {
  return null;
}
