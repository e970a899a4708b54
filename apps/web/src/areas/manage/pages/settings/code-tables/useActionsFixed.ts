import { Grid } from 'antd';

/** The actions column sticks to the right on wide screens only: on a phone it would cover the names. */
export function useActionsFixed(): 'right' | undefined {
  const screens = Grid.useBreakpoint();
  return screens.md ? 'right' : undefined;
}
