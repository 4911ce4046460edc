import { Tooltip } from 'antd';
import { AlertFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Lang, TopologyNode } from '@netconsole/contract';
import { alarmColor, type NodeAlarms } from './topology-alarms.ts';
import { nodeName } from './topology-model.ts';
import { symbolSize } from './topology-option.ts';

/** One node's mark, where the drawing put the node (canvas px, before zoom). */
export interface AlarmMarkPlace {
  node: TopologyNode;
  alarms: NodeAlarms;
  x: number;
  y: number;
}

/** The CSS variable that scales the marks against the drawing's zoom (set on the stage). */
export const MARK_SCALE_VAR = '--topology-mark-scale';

/**
 * How much bigger than the drawing a mark is drawn: the drawing fitted small (a big tree, a phone)
 * shrinks its marks less than its labels, so a device in trouble is still seen at a glance.
 */
export function markScale(viewScale: number): number {
  return Math.min(2, Math.max(1, 0.6 / viewScale));
}

/** The mark sits on the symbol's top right corner, so the node itself stays visible and hoverable. */
export function markPlace(
  node: TopologyNode,
  alarms: NodeAlarms,
  centre: { x: number; y: number },
): AlarmMarkPlace {
  const [width, height] = symbolSize(node);
  return { node, alarms, x: centre.x + width / 2, y: centre.y - height / 2 };
}

/** What a mark says to assistive technology and in its tooltip: the device, the count, the alarms. */
export function useAlarmMarkLabel(): (node: TopologyNode, alarms: NodeAlarms) => string {
  const { t, i18n } = useTranslation('topology-view');
  const lang: Lang = i18n.language === 'zh' ? 'zh' : 'en';
  return (node, alarms) =>
    t('alarm.mark', {
      name: nodeName(node),
      count: alarms.count,
      types: alarms.names.map((n) => n[lang]).join(lang === 'zh' ? '、' : ', '),
    });
}

/**
 * The marks of the nodes with open alarms (issue 17 §4), laid over the canvas inside the zoomed
 * stage so they follow zoom and pan and go onto the PDF: an icon in the worst level's colour, each
 * a named, focusable image whose tooltip repeats its name (the canvas' nodes have none).
 */
export function TopologyAlarmMarks({ places }: { places: readonly AlarmMarkPlace[] }) {
  const label = useAlarmMarkLabel();
  if (places.length === 0) return null;
  return (
    <div className="topology-alarm-marks" data-testid="topology-alarm-marks">
      {places.map(({ node, alarms, x, y }) => {
        const text = label(node, alarms);
        return (
          <Tooltip key={node.SN ?? node.MAC} title={text}>
            <span
              className="topology-alarm-mark"
              role="img"
              tabIndex={0}
              aria-label={text}
              style={{ left: x, top: y, color: alarmColor(alarms.worst) }}
              data-testid={`topology-alarm-${node.SN}`}
              data-count={alarms.count}
              data-worst={alarms.worst}
            >
              <AlertFilled aria-hidden />
            </span>
          </Tooltip>
        );
      })}
    </div>
  );
}
