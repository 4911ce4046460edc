import {
  ALARM_RECIPIENTS_MAX,
  alarmThresholdUnits,
  type AlarmLevel,
  type AlarmType,
  type NetworkAlarmSettings,
  type PushMethod,
  type UpdateNetworkAlarmBody,
} from '@netconsole/contract';
import type { FieldOf } from './settings-errors.ts';

/** One of the 21 types as the form holds it: the threshold as typed (spec §5 digits only). */
export interface TypeDraft {
  Type: AlarmType;
  Enable: boolean;
  Threshold: string;
  Level: AlarmLevel | null;
  Push: PushMethod[];
  /** Kept as they came: the form does not edit the window or the description. */
  Limit: number;
  Description: string;
}

/**
 * A network's settings as the form holds them. The recipients are the network's, shared by its 21
 * types: one list of phones and one of addresses, rather than 21 of each to fill in.
 */
export interface SettingsDraft {
  types: TypeDraft[];
  Phone: string[];
  Email: string[];
}

const unique = (lists: readonly (readonly string[])[]) =>
  [...new Set(lists.flat())].slice(0, ALARM_RECIPIENTS_MAX);

export function draftOf(settings: NetworkAlarmSettings): SettingsDraft {
  return {
    types: settings.Alarms.map((a) => ({
      Type: a.Type as AlarmType,
      Enable: a.Enable,
      Threshold: alarmThresholdUnits[a.Type as AlarmType] === 'none' ? '' : String(a.Threshold),
      Level: a.Level as AlarmLevel | null,
      Push: a.Push,
      Limit: a.Limit,
      Description: a.Description,
    })),
    Phone: unique(settings.Alarms.map((a) => a.Phone)),
    Email: unique(settings.Alarms.map((a) => a.Email)),
  };
}

/** The updateNetworkAlarm body of a draft: every type, each with the network's recipients. */
export function bodyOf(networkId: string, draft: SettingsDraft): UpdateNetworkAlarmBody {
  return {
    _id: networkId,
    Alarms: draft.types.map((t) => ({
      Type: t.Type,
      Enable: t.Enable,
      ...(alarmThresholdUnits[t.Type] !== 'none' && { Threshold: t.Threshold }),
      Level: t.Level,
      Push: t.Push,
      Phone: draft.Phone,
      Email: draft.Email,
      Limit: t.Limit,
      Description: t.Description,
    })),
  };
}

/** Where a refusal of the body shows: a type's field (`3.Threshold`), the recipients, else the form. */
export function settingsFieldOf(draft: SettingsDraft): FieldOf {
  return (path) => {
    const [first, index, field] = path;
    if (first === 'Alarms' && typeof index === 'number' && typeof field === 'string') {
      if (field === 'Phone' || field === 'Email') return field;
      const type = draft.types[index]?.Type;
      return type === undefined ? 'form' : `${type}.${field === 'Type' ? 'Enable' : field}`;
    }
    return 'form';
  };
}
