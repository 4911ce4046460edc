import { Flex, Spin } from 'antd';

/** Waiting for a screen's code or the account: centred, so nothing jumps when it arrives. */
export function PageSpin({ fullPage = false }: { fullPage?: boolean }) {
  return (
    <Flex
      align="center"
      justify="center"
      style={{ minHeight: fullPage ? '100vh' : 240 }}
      data-testid="page-spin"
    >
      <Spin size="large" />
    </Flex>
  );
}
