import { Skeleton, type SkeletonProps } from 'antd';
import { useReducedMotion } from '#shared/reduced-motion.ts';

/** antd's Skeleton for a loading area: it shimmers unless the user's system asks for reduced motion. */
export function LoadingSkeleton(props: Omit<SkeletonProps, 'active'>) {
  const reduced = useReducedMotion();
  return <Skeleton active={!reduced} {...props} />;
}
