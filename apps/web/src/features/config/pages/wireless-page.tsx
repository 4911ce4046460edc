import { useMemo, useState, type HTMLAttributes } from 'react';
import {
  Alert,
  Button,
  Card,
  Form,
  Input,
  Modal,
  Popconfirm,
  Select,
  Space,
  Table,
  Tag,
  type ButtonProps,
  type FormRule,
  type TableProps,
} from 'antd';
import {
  ClockCircleOutlined,
  CopyOutlined,
  DeleteOutlined,
  EditOutlined,
  EyeInvisibleOutlined,
  PlusOutlined,
  SearchOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_LIMIT,
  ErrorCode,
  configIssueCode,
  encryptionLabels,
  errorText,
  wirelessGroupInput,
  wirelessGroupsProblems,
  type ConfigGroupItem,
  type Lang,
} from '@netconsole/contract';
import { ApiError, errorMessage } from '#shared/api-client.ts';
import { Pagination } from '#shared/components/pagination.tsx';
import { ConfirmRowAction, RowAction } from '#shared/components/row-actions.tsx';
import { notify } from '#shared/notify.ts';
import {
  useApProfiles,
  useDeleteWirelessGroups,
  useSaveWirelessGroup,
  useWirelessGroups,
} from '../api/wireless-groups.ts';
import {
  groupBody,
  groupValues,
  newGroup,
  problemAt,
  type FieldName,
  type FieldProblem,
  type GroupValues,
} from '../components/profile-form-values.ts';
import { useScheduleLabels } from '../components/schedule-rules-field.tsx';
import { scheduleSummary } from '../components/schedule-rules.ts';
import { WirelessGroupFields } from '../components/wireless-group-fields.tsx';
import './config.css';
import './wireless-page.css';

/** The server refuses longer searches (configGroupsQuery); the list here is filtered the same way. */
const SEARCH_MAX = 64;

/** A group's key in the table: the profile and the group's name (unique in its profile, 14007). */
const keyOf = (g: Pick<ConfigGroupItem, 'Profile' | 'Name'>) => `${g.Profile}/${g.Name}`;

interface EditorValues {
  Profile?: string;
  Groups: GroupValues[];
}

/** What the editor is open for: a new group, a stored one to change, or a stored one to copy elsewhere. */
type EditorTarget =
  { mode: 'add' } | { mode: 'edit'; group: ConfigGroupItem } | { mode: 'copy'; group: ConfigGroupItem };

/**
 * What the server would refuse of the editor's group, on the editor's fields: the contract's group
 * schema (the one add/groups parses with), then the profile-wide rules over the target profile's
 * groups with this one in place (8 at most, names and SSIDs once).
 */
function editorProblems(
  values: EditorValues,
  all: readonly ConfigGroupItem[],
  replacing: ConfigGroupItem | null,
): FieldProblem[] {
  const group = values.Groups?.[0];
  if (!group) return [];
  const result = wirelessGroupInput.safeParse(groupBody(group));
  const problems: FieldProblem[] = result.success
    ? []
    : result.error.issues.map((issue) => {
        const path = issue.path.filter((k): k is string | number => typeof k !== 'symbol');
        return {
          name: ['Groups', 0, ...path],
          code: configIssueCode({ ...issue, path: ['Group', ...path] }) ?? ErrorCode.ValidationFailed,
        };
      });
  if (!values.Profile) return problems;
  // The name and SSID as the server stores them (the name defaults to the SSID), whatever else is wrong.
  const SSID = group.SSID ?? '';
  const mine = { Name: group.Name?.trim() || SSID, SSID };
  const others = all.filter(
    (g) => g.Profile === values.Profile && !(replacing && keyOf(g) === keyOf(replacing)),
  );
  const own = others.length;
  for (const p of wirelessGroupsProblems([...others, mine]))
    if (p.index === null || p.index === own)
      problems.push({ name: p.field ? ['Groups', 0, p.field] : ['Groups'], code: p.code });
  return problems;
}

/**
 * spec §2 /deviceconf/wireless: every wireless group (SSID) of the tenant's AP profiles, filtered by
 * profile and by a part of the SSID or name, paged here (the call answers with all of them). A group
 * is added to a chosen profile, edited, copied to another profile (the add/groups call, `Replace`
 * for an edit) and removed, several at once (del/groups, one call per profile). Each change is a new
 * revision of its profile; devices get it with the profile's next delivery.
 */
export default function WirelessPage() {
  const { t, i18n } = useTranslation('config-wireless');
  // The group editor's field texts; loaded with the screen rather than when the editor first opens.
  useTranslation('config-ap');
  const lang = i18n.language as Lang;
  const labels = useScheduleLabels();
  const groups = useWirelessGroups();
  const profiles = useApProfiles();
  const remove = useDeleteWirelessGroups();
  const [profile, setProfile] = useState<string | undefined>(undefined);
  const [search, setSearch] = useState('');
  const [paging, setPaging] = useState({ page: 1, limit: DEFAULT_LIMIT });
  const [selected, setSelected] = useState<string[]>([]);
  const [editor, setEditor] = useState<EditorTarget | null>(null);

  const all = useMemo(() => groups.data?.list ?? [], [groups.data]);
  const shown = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return all.filter(
      (g) =>
        (!profile || g.Profile === profile) &&
        (!needle || g.SSID.toLowerCase().includes(needle) || g.Name.toLowerCase().includes(needle)),
    );
  }, [all, profile, search]);
  // A filter that leaves fewer pages keeps the user on the last one there is.
  const lastPage = Math.max(1, Math.ceil(shown.length / paging.limit));
  const page = Math.min(paging.page, lastPage);
  const rows = shown.slice((page - 1) * paging.limit, page * paging.limit);
  const chosen = all.filter((g) => selected.includes(keyOf(g)));

  /** Removes groups, one call per profile; a profile left without a group is refused (14008) and toasted. */
  const removeGroups = async (targets: readonly ConfigGroupItem[]) => {
    const byProfile = new Map<string, string[]>();
    for (const g of targets) byProfile.set(g.Profile, [...(byProfile.get(g.Profile) ?? []), g.Name]);
    let removed = 0;
    for (const [id, names] of byProfile) {
      try {
        await remove.mutateAsync({ _id: id, Names: names });
        removed += names.length;
      } catch {
        // Toasted by the app's error policy; the other profiles' groups still go.
      }
    }
    const gone = new Set(targets.map(keyOf));
    setSelected((keys) => keys.filter((k) => !gone.has(k)));
    if (removed === 1 && targets.length === 1)
      notify.success(t('message.removedOne', { ssid: targets[0]!.SSID }));
    else if (removed > 0) notify.success(t('message.removed', { count: removed }));
  };

  /** The profiles whose every group is chosen: removing them all is refused (14008), said before. */
  const emptied = [...new Set(chosen.map((g) => g.Profile))].filter((id) =>
    all.filter((g) => g.Profile === id).every((g) => selected.includes(keyOf(g))),
  );

  const columns: TableProps<ConfigGroupItem>['columns'] = [
    {
      key: 'SSID',
      title: t('list.column.ssid'),
      // Hidden and portal are marks under the SSID rather than columns of their own: the table
      // then fits a 1366-pixel screen with its actions in view.
      render: (_, g) => (
        <span className="wireless-ssid">
          <span className="config-list-name">
            {g.Hidden && <EyeInvisibleOutlined className="wireless-hidden-icon" aria-hidden="true" />}{' '}
            {g.SSID}
          </span>
          {g.Name !== g.SSID && (
            <span className="config-list-muted wireless-name">{t('list.groupName', { name: g.Name })}</span>
          )}
          {(g.Hidden || g.Portal) && (
            <span className="wireless-marks">
              {g.Hidden && <Tag className="wireless-mark">{t('list.column.hidden')}</Tag>}
              {g.Portal && <Tag className="wireless-mark">{t('list.column.portal')}</Tag>}
            </span>
          )}
        </span>
      ),
    },
    {
      key: 'Profile',
      dataIndex: 'ProfileName',
      title: t('list.column.profile'),
      render: (name: string) => <span className="config-list-nowrap">{name}</span>,
    },
    {
      key: 'Schedule',
      title: t('list.column.schedule'),
      render: (_, g) =>
        g.Schedule.length === 0 ? (
          <span className="config-list-muted">{labels.alwaysOn}</span>
        ) : (
          <span className="wireless-schedule" data-testid={`wireless-schedule-${g.SSID}`}>
            <ClockCircleOutlined aria-hidden="true" /> {scheduleSummary(g.Schedule, labels)}
          </span>
        ),
    },
    {
      key: 'Bands',
      title: t('list.column.bands'),
      render: (_, g) => (
        <span className="config-list-nowrap">{t('list.bands', { bands: g.Bands.join(' · ') })}</span>
      ),
    },
    {
      key: 'Encryption',
      title: t('list.column.encryption'),
      render: (_, g) => encryptionLabels[g.Encryption][lang],
    },
    {
      key: 'VLAN',
      title: t('list.column.vlan'),
      render: (_, g) =>
        g.VLAN === null ? <span className="config-list-muted">{t('list.untagged')}</span> : g.VLAN,
    },
    { key: 'MaxClients', dataIndex: 'MaxClients', title: t('list.column.maxClients') },
    {
      key: 'Bandwidth',
      title: t('list.column.bandwidth'),
      render: (_, g) =>
        g.Bandwidth ? (
          <span className="config-list-nowrap">
            {g.Bandwidth.Up ?? '—'} / {g.Bandwidth.Down ?? '—'}
          </span>
        ) : (
          <span className="config-list-muted">{t('list.noLimit')}</span>
        ),
    },
    {
      key: 'actions',
      title: t('list.column.actions'),
      render: (_, g) => (
        <Space size={2} className="config-list-nowrap">
          <RowAction
            label={t('list.action.edit', { ssid: g.SSID })}
            icon={<EditOutlined />}
            onClick={() => setEditor({ mode: 'edit', group: g })}
            testId={`wireless-edit-${g.SSID}`}
          />
          <RowAction
            label={t('list.action.copy', { ssid: g.SSID })}
            icon={<CopyOutlined />}
            onClick={() => setEditor({ mode: 'copy', group: g })}
            testId={`wireless-copy-${g.SSID}`}
          />
          <ConfirmRowAction
            label={t('list.action.remove', { ssid: g.SSID })}
            testId={`wireless-remove-${g.SSID}`}
            title={t('list.remove.title', { ssid: g.SSID, profile: g.ProfileName })}
            description={t('list.remove.description')}
            okText={t('list.remove.ok')}
            cancelText={t('editor.cancel')}
            onConfirm={() => removeGroups([g])}
          />
        </Space>
      ),
    },
  ];

  const filtered = Boolean(profile || search.trim());
  return (
    <Card className="config-list" data-testid="wireless-page">
      <p className="config-form-note">{t('intro')}</p>
      <div className="config-list-toolbar">
        <Space wrap size={12} className="wireless-filters">
          <Select
            className="wireless-profile-filter"
            value={profile ?? ''}
            onChange={(v: string) => {
              setProfile(v || undefined);
              setPaging((p) => ({ ...p, page: 1 }));
            }}
            aria-label={t('list.profileFilter')}
            options={[
              { value: '', label: t('list.allProfiles') },
              ...(profiles.data ?? []).map((p) => ({ value: p._id, label: p.Name })),
            ]}
            data-testid="wireless-profile-filter"
          />
          <Input
            className="config-list-search"
            prefix={<SearchOutlined className="config-list-muted" />}
            placeholder={t('list.searchPlaceholder')}
            aria-label={t('list.searchPlaceholder')}
            allowClear
            maxLength={SEARCH_MAX}
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPaging((p) => ({ ...p, page: 1 }));
            }}
            data-testid="wireless-search"
          />
        </Space>
        <Space wrap size={8}>
          {selected.length > 0 && (
            <Popconfirm
              title={t('list.removeSelectedTitle', { count: chosen.length })}
              description={
                <div className="wireless-confirm">
                  <p>{t('list.removeSelectedDescription')}</p>
                  {emptied.map((id) => (
                    <p key={id} className="wireless-warning">
                      {t('list.lastGroup', { profile: all.find((g) => g.Profile === id)?.ProfileName })}
                    </p>
                  ))}
                </div>
              }
              okText={t('list.remove.ok')}
              cancelText={t('editor.cancel')}
              okButtonProps={{ danger: true, 'data-testid': 'confirm-ok' } as ButtonProps}
              onConfirm={() => removeGroups(chosen)}
            >
              <Button danger icon={<DeleteOutlined />} data-testid="wireless-remove-selected">
                {t('list.removeSelected', { count: chosen.length })}
              </Button>
            </Popconfirm>
          )}
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setEditor({ mode: 'add' })}
            data-testid="wireless-add"
          >
            {t('list.add')}
          </Button>
        </Space>
      </div>
      <div className="config-list-table">
        <Table<ConfigGroupItem>
          rowKey={keyOf}
          size="middle"
          columns={columns}
          dataSource={rows}
          loading={groups.isFetching}
          pagination={false}
          locale={{ emptyText: filtered ? t('list.emptyFiltered') : t('list.empty') }}
          rowSelection={{
            selectedRowKeys: selected,
            // The keys of other pages stay chosen: a removal covers every page's choice.
            onChange: (keys) => {
              const here = new Set(rows.map(keyOf));
              setSelected((old) => [...old.filter((k) => !here.has(k)), ...(keys as string[])]);
            },
            getCheckboxProps: (g) =>
              ({
                'aria-label': t('list.select', { ssid: g.SSID, profile: g.ProfileName }),
                'data-testid': `wireless-select-${g.SSID}`,
              }) as never,
            columnWidth: 36,
          }}
          onRow={(g) => ({ 'data-testid': `wireless-row-${g.SSID}` }) as HTMLAttributes<HTMLElement>}
          data-testid="wireless-table"
        />
      </div>
      <div className="config-list-pagination">
        <Pagination
          total={shown.length}
          page={page}
          limit={paging.limit}
          onChange={(next, limit) => setPaging({ page: next, limit })}
        />
      </div>
      {editor && (
        <GroupEditor
          key={editor.mode === 'add' ? 'add' : `${editor.mode}:${keyOf(editor.group)}`}
          target={editor}
          all={all}
          profiles={(profiles.data ?? []).map((p) => ({ value: p._id, label: p.Name }))}
          defaultProfile={profile}
          onClose={() => setEditor(null)}
        />
      )}
    </Card>
  );
}

interface GroupEditorProps {
  target: EditorTarget;
  all: readonly ConfigGroupItem[];
  profiles: { value: string; label: string }[];
  /** The profile the list is filtered by: a new group goes there unless the user picks another. */
  defaultProfile?: string;
  onClose: () => void;
}

/**
 * One group in a dialog, with the AP form's own fields (wireless-group-fields.tsx) and checks: the
 * contract's group schema, and the target profile's other groups (SSID and name once, 8 at most). An
 * edit keeps its profile; a copy goes to a profile the user picks, under the same SSID.
 */
function GroupEditor({ target, all, profiles, defaultProfile, onClose }: GroupEditorProps) {
  const { t, i18n } = useTranslation('config-wireless');
  const lang = i18n.language as Lang;
  const [form] = Form.useForm<EditorValues>();
  const save = useSaveWirelessGroup();
  const [refusal, setRefusal] = useState<string | null>(null);
  const stored = target.mode === 'add' ? null : target.group;
  const replacing = target.mode === 'edit' ? target.group : null;
  const [initial] = useState<EditorValues>(() => ({
    Profile:
      target.mode === 'edit' ? target.group.Profile : target.mode === 'add' ? defaultProfile : undefined,
    Groups: [stored ? groupValues(stored) : newGroup()],
  }));

  const problems = () => editorProblems(form.getFieldsValue(true) as EditorValues, all, replacing);
  const rule =
    (name: FieldName): FormRule =>
    () => ({
      validator: () => {
        const code = problemAt(problems(), name);
        return code === null ? Promise.resolve() : Promise.reject(new Error(errorText(code, lang)));
      },
    });

  const submit = () => {
    setRefusal(null);
    const values = form.getFieldsValue(true) as EditorValues;
    const left = problems();
    if (left.length > 0) {
      setRefusal(errorText(left[0]!.code, lang));
      return;
    }
    const profileName = profiles.find((p) => p.value === values.Profile)?.label ?? '';
    const body = groupBody(values.Groups[0]!);
    save.mutate(
      { _id: values.Profile!, Group: body, ...(replacing ? { Replace: replacing.Name } : {}) },
      {
        onSuccess: () => {
          const key =
            target.mode === 'edit'
              ? 'message.saved'
              : target.mode === 'copy'
                ? 'message.copied'
                : 'message.added';
          notify.success(t(key, { ssid: body.SSID, profile: profileName }));
          onClose();
        },
        onError: (error) => {
          setRefusal(errorMessage(error));
          if (error instanceof ApiError && error.code === ErrorCode.SsidDuplicated)
            form.setFields([{ name: ['Groups', 0, 'SSID'], errors: [error.message] }]);
        },
      },
    );
  };

  const title =
    target.mode === 'edit'
      ? t('editor.editTitle', { ssid: target.group.SSID, profile: target.group.ProfileName })
      : target.mode === 'copy'
        ? t('editor.copyTitle', { ssid: target.group.SSID })
        : t('editor.addTitle');

  return (
    <Modal
      open
      title={title}
      width={760}
      okText={t(
        target.mode === 'edit' ? 'editor.save' : target.mode === 'copy' ? 'editor.copy' : 'editor.add',
      )}
      cancelText={t('editor.cancel')}
      okButtonProps={{ htmlType: 'submit', 'data-testid': 'wireless-editor-submit' } as ButtonProps}
      cancelButtonProps={{ 'data-testid': 'wireless-editor-cancel' } as ButtonProps}
      confirmLoading={save.isPending}
      onCancel={onClose}
      mask={{ closable: false }}
      className="wireless-editor"
      modalRender={(dom) => (
        <Form<EditorValues>
          form={form}
          layout="vertical"
          initialValues={initial}
          onFinish={submit}
          // Another profile: the SSID is checked again against that profile's groups. Not from a
          // rule of the profile field: a validation started inside another would void the submit's.
          onValuesChange={(changed: Partial<EditorValues>) => {
            if ('Profile' in changed && form.isFieldTouched(['Groups', 0, 'SSID']))
              void form.validateFields([['Groups', 0, 'SSID']]).catch(() => undefined);
          }}
          requiredMark
          scrollToFirstError
          data-testid="wireless-editor"
        >
          {dom}
        </Form>
      )}
    >
      <Form.Item
        name="Profile"
        label={t('editor.profile')}
        extra={t('editor.profileHint')}
        required
        rules={[{ required: true, message: t('editor.profileRequired') }]}
      >
        <Select
          disabled={target.mode === 'edit'}
          options={profiles
            .filter((p) => target.mode !== 'copy' || p.value !== target.group.Profile)
            .map((p) => ({ ...p, 'data-testid': `wireless-editor-profile-${p.label}` }))}
          placeholder={t('editor.profileRequired')}
          showSearch={{ optionFilterProp: 'label' }}
          data-testid="wireless-editor-profile"
        />
      </Form.Item>
      <Form.List name="Groups">
        {(fields) =>
          fields.map((field) => (
            <WirelessGroupFields
              key={field.key}
              form={form}
              name={field.name}
              position={1}
              rule={rule}
              legend={t('editor.group')}
            />
          ))
        }
      </Form.List>
      {refusal && (
        <Alert
          type="error"
          showIcon
          title={refusal}
          className="config-form-refusal"
          data-testid="wireless-editor-error"
        />
      )}
    </Modal>
  );
}
