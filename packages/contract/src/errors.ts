/**
 * The error catalogue of spec §8: every code the server can answer with, and its text in each
 * language the console speaks. Codes below 10000 are transport-level (HTTP conventions); the
 * five-digit ranges belong to the product areas as the specification numbers them.
 *
 * Where the spec only lists meanings for a range, codes run from xx001 in the spec's order. Fixed
 * numbers the spec names (12006, 15007, 20010, 24100-24102) keep their place, so firmware's "path
 * empty", listed seventh, moves to the next free number, 15008.
 */
export type Lang = 'en' | 'zh';
export const LANGS = ['en', 'zh'] as const satisfies readonly Lang[];

export interface CatalogueEntry {
  en: string;
  zh: string;
  /** Success texts (11014, 11018, 20010) are catalogue entries too, but never errors. */
  success?: true;
}

export const ErrorCode = {
  ValidationFailed: 4000,
  // A body or address the framework cannot read, before any schema sees it (4001-4005).
  MalformedJson: 4001,
  MalformedMultipart: 4002,
  MalformedUrl: 4003,
  ContentLengthMismatch: 4004,
  MalformedRequest: 4005,
  // The live socket (GET /v1/ws) is offered sub-protocols without `live`.
  LiveProtocolRequired: 4006,
  NotSignedIn: 4010,
  LoggedInElsewhere: 4011,
  NoAccessRights: 4012,
  NotFound: 4040,
  MethodNotAllowed: 4050,
  RequestTimeout: 4080,
  BodyTooLarge: 4130,
  UrlTooLong: 4140,
  UnsupportedMedia: 4150,
  TooManyRequests: 4290,
  HeadersTooLarge: 4310,
  Internal: 5000,
  StoreUnavailable: 5030,
  ShuttingDown: 5031,

  // 11xxx accounts and sign-in
  UserNotExist: 11001,
  AccountOrPasswordError: 11005,
  AccountNameDuplicated: 11007,
  AccountExists: 11011,
  AccountExpired: 11012,
  LoginSuccess: 11014,
  TenantAbnormal: 11017,
  PasswordChanged: 11018,
  UserAbnormal: 11019,
  SignInLocked: 11020,
  LoginRoleNotAllowed: 11021,
  AccountNameFormat: 11022,
  PasswordFormat: 11023,
  // Field codes the account forms need beyond the spec's list, after its last number.
  PasswordWeak: 11024,
  EmailFormat: 11025,
  PhoneFormat: 11026,
  NameDuplicated: 11027,

  // 12xxx devices
  DeviceMacFormat: 12001,
  DeviceMacExists: 12002,
  DeviceNotExist: 12003,
  DeviceSnLength: 12004,
  DeviceSnExists: 12005,
  DeviceNoPermission: 12006,
  DeviceNameExists: 12007,
  NoAcForAp: 12008,
  ApUnavailable: 12009,
  StationApMacNotRegistered: 12010,
  // 12100-12145 registration and update
  RegisterSnRequired: 12100,
  RegisterMacRequired: 12101,
  RegisterModelRequired: 12102,
  DeviceModelUnknown: 12103,
  DeviceTypeInvalid: 12104,
  SnMacMismatch: 12105,
  DeviceAlreadyRegistered: 12106,
  DeviceOwnedByOtherTenant: 12107,
  DeviceNotRegistered: 12108,
  DeviceQuotaExceeded: 12109,
  DeviceServiceExpired: 12110,
  TargetNetworkNotExist: 12111,
  MainDeviceRequired: 12112,
  MainDeviceAlreadySet: 12113,
  MainDeviceTypeInvalid: 12114,
  DeviceInOtherNetwork: 12115,
  DeviceOfflineForRegister: 12116,
  RegisterCommandFailed: 12117,
  RegisterTimeout: 12118,
  UnregisterFailed: 12119,
  DeviceAliasRequired: 12120,
  DeviceAliasTooLong: 12121,
  DeviceAliasInvalidChars: 12122,
  DeviceIdInvalid: 12123,
  DeviceNothingToUpdate: 12124,
  DeviceUpdateFailed: 12125,
  DeviceTrustFailed: 12126,
  ParentNotAc: 12127,
  ParentAcOffline: 12128,
  AcApLimitReached: 12129,
  HwVersionUnsupported: 12130,
  FwVersionTooOld: 12131,
  DeviceCertificateInvalid: 12132,
  DeviceKeyMismatch: 12133,
  DeviceBlacklisted: 12134,
  DevicePortInvalid: 12135,
  DeviceLinkInvalid: 12136,
  DeviceLocationInvalid: 12137,
  NoDeviceSelected: 12138,
  DeviceBatchTooLarge: 12139,
  DeviceBatchPartlyFailed: 12140,
  DeviceImportFileInvalid: 12141,
  DeviceImportRowInvalid: 12142,
  DeviceTypeImmutable: 12143,
  DeviceBusy: 12144,
  DeviceResetFailed: 12145,

  // 13xxx clients
  ClientNameDuplicated: 13001,
  ClientMacFormat: 13002,
  ClientKickFailed: 13003,
  ClientListUpdateFailed: 13004,
  // Own codes after the spec's list: a client the caller cannot see, a release the device refused.
  ClientNotExist: 13005,
  ClientReleaseFailed: 13006,
  ClientAliasTooLong: 13007,
  ClientAliasInvalidChars: 13008,
  // A network's time zone (firmware maintenance windows): a block handed out after the clients' codes.
  NetworkTimeZoneInvalid: 13050,

  // 14xxx configuration and delivery
  ConfigIpFormat: 14001,
  ConfigMaskFormat: 14002,
  ConfigGatewayFormat: 14003,
  ConfigDnsFormat: 14004,
  ConfigSnInvalid: 14005,
  ConfigMacDuplicated: 14006,
  WirelessGroupNameDuplicated: 14007,
  WirelessGroupRequired: 14008,
  SsidDuplicated: 14009,
  ConfigFileError: 14010,
  EffectiveTimeNotFuture: 14011,
  FirmwareIssueEndBeforeStart: 14012,
  FirmwareHistoryEmpty: 14013,
  // Appended for the profile form and delivery rules of spec §5 the list above does not name.
  ConfigNameRequired: 14014,
  ConfigNameTooLong: 14015,
  ConfigNameExists: 14016,
  ConfigNotExist: 14017,
  ConfigDescriptionTooLong: 14018,
  ConfigTypeInvalid: 14019,
  ConfigSectionNotForType: 14020,
  CycleTimeInvalid: 14021,
  SsidRequired: 14022,
  SsidInvalid: 14023,
  WirelessGroupLimit: 14024,
  WirelessGroupNameInvalid: 14025,
  WirelessBandsInvalid: 14026,
  WepKeyInvalid: 14027,
  PresharedKeyInvalid: 14028,
  KeyUpdateIntervalInvalid: 14029,
  MaxClientsInvalid: 14030,
  BandwidthInvalid: 14031,
  VlanInvalid: 14032,
  RssiThresholdInvalid: 14033,
  ScheduleInvalid: 14034,
  RadioInvalid: 14035,
  PortSettingsInvalid: 14036,
  PoeSettingsInvalid: 14037,
  PppoeInvalid: 14038,
  LanInvalid: 14039,
  AdminUsernameInvalid: 14040,
  AdminPasswordInvalid: 14041,
  ConfigInUse: 14042,
  DeliveryProfileRequired: 14043,
  DeliveryDevicesRequired: 14044,
  DeliveryTooManyDevices: 14045,
  DeliveryExpiryInvalid: 14046,
  StagedDeliveryInvalid: 14047,
  DeliveryNotExist: 14048,
  DeliveryEnded: 14049,
  DeliveryDeviceTypeMismatch: 14050,
  ConfigControllerRequired: 14051,
  DeliveryApNotOfController: 14052,
  // Configuration history (docs/configuration.md, "History and restore").
  ConfigVersionNotExist: 14056,
  ConfigRestoreRemoved: 14057,
  ConfigHistoryRangeInvalid: 14058,
  ConfigFileRequired: 14059,
  ConfigFileTooLarge: 14060,
  ConfigFileFormatNotAllowed: 14061,
  ConfigFileNotFound: 14062,
  ConfigFileLinkInvalid: 14063,
  ConfigFileContentInvalid: 14064,

  // 15xxx firmware
  FirmwareModelRequired: 15001,
  FirmwareVersionRequired: 15002,
  FirmwareHwVersionRequired: 15003,
  FirmwareChecksumRequired: 15004,
  FirmwareExists: 15005,
  FirmwareMd5Mismatch: 15006,
  FirmwareNoPermission: 15007,
  FirmwarePathRequired: 15008,
  // 15009-15029: the image library, its files and their downloads (docs/firmware.md)
  FirmwareNotExist: 15009,
  FirmwareVersionInvalid: 15010,
  FirmwareChecksumInvalid: 15011,
  FirmwareMd5Invalid: 15012,
  FirmwareModelTooLong: 15013,
  FirmwareHwVersionTooLong: 15014,
  FirmwareOperatorInvalid: 15015,
  FirmwareDescriptionTooLong: 15016,
  FirmwareChecksumMismatch: 15017,
  FirmwareTooLarge: 15018,
  FirmwareInUse: 15019,
  FirmwareLinkInvalid: 15020,
  FirmwarePublishNotAllowed: 15021,
  FirmwareFileEmpty: 15022,
  FirmwareRangeNotSatisfiable: 15023,
  // 15030-15049: firmware upgrades (POST /v1/config/fw/dispatch, docs/firmware-upgrades.md).
  FirmwareImageRequired: 15030,
  FirmwareDeviceMismatch: 15031,
  FirmwareValidityInvalid: 15032,
  FirmwareEffectiveTimeRequired: 15033,
  FirmwareExpireTimeRequired: 15034,
  FirmwareWindowInvalid: 15035,
  FirmwareConcurrencyInvalid: 15036,
  FirmwareTimeZoneInvalid: 15037,
  /** The device lists' `Model` / `HWVersion` filters (the upgrade form's device choice): 1-32 characters. */
  DeviceModelFilterInvalid: 15038,
  DeviceHwVersionFilterInvalid: 15039,

  // 16xxx settings and logs
  AlarmSettingsFailed: 16001,
  RateSettingsFailed: 16002,
  NothingToBackUp: 16003,
  MailAddressRequired: 16004,
  CostSettingsFailed: 16005,
  LogOperationFailed: 16006,
  // 16010-16029 the audit log and device logs (docs/logs.md)
  LogRangeInvalid: 16010,
  LogCodeUnknown: 16011,
  LogEntriesNotFound: 16012,
  LogDeviceNotFound: 16013,
  LogRetentionInvalid: 16014,
  LogIdsInvalid: 16015,
  LogTenantRequired: 16016,

  // 16030-16059 alarms: settings, custom and limit alarms, handling (docs/alarms.md)
  AlarmTypeInvalid: 16030,
  AlarmThresholdDigits: 16031,
  AlarmThresholdRange: 16032,
  AlarmLevelRequired: 16033,
  AlarmPushRequired: 16034,
  AlarmPhoneRequired: 16035,
  AlarmPhoneInvalid: 16036,
  AlarmEmailRequired: 16037,
  AlarmEmailInvalid: 16038,
  AlarmRecipientsTooMany: 16039,
  AlarmWindowInvalid: 16040,
  AlarmDescriptionTooLong: 16041,
  AlarmNameRequired: 16042,
  AlarmNameTooLong: 16043,
  AlarmNameExists: 16044,
  CustomAlarmMetricInvalid: 16045,
  CustomAlarmCompareInvalid: 16046,
  CustomAlarmNotFound: 16047,
  CustomAlarmLimit: 16048,
  LimitAlarmMetricInvalid: 16049,
  LimitAlarmNotFound: 16050,
  LimitAlarmLimit: 16051,
  CopyTargetsRequired: 16052,
  CopyTargetInvalid: 16053,
  AlarmNotFound: 16054,
  AlarmIdsRequired: 16055,

  // 16060-16079 notifications and maintenance windows (docs/notifications.md)
  NotifyWebhookUrlInvalid: 16060,
  NotifyWebhookNameInvalid: 16061,
  NotifyLevelsInvalid: 16062,
  NotifyWebhookEnabledInvalid: 16063,
  NotifyWebhookNotFound: 16064,
  NotifyWebhookLimit: 16065,
  NotifyChannelInvalid: 16066,
  NotifyBindingAddressInvalid: 16067,
  NotifyBindingNotFound: 16068,
  NotifyBindingLimit: 16069,
  MaintenanceNetworkInvalid: 16070,
  MaintenanceTimeInvalid: 16071,
  MaintenanceTooLong: 16072,
  MaintenanceReasonTooLong: 16073,
  MaintenanceNotFound: 16074,
  MaintenanceOver: 16075,
  NotifyRangeInvalid: 16076,
  NotifyIdInvalid: 16077,
  NotifyTenantRequired: 16078,

  // 17xxx renewals
  RenewalTypeInvalid: 17001,
  ExpiryDateInvalid: 17002,
  AmountInvalid: 17003,
  SmsCountInvalid: 17004,
  RenewalSnInvalid: 17005,
  PictureInvalid: 17006,
  TenantsRequired: 17007,
  // Appended: the logo's second message (spec §5 "JPEG only, under 2 MB: two separate messages").
  PictureTooLarge: 17008,

  // 18xxx messages
  MessageTypeInvalid: 18001,
  MessageTitleRequired: 18002,
  MessageContentRequired: 18003,
  MessageIdInvalid: 18004,

  // 19xxx maps
  MapParamsInvalid: 19001,
  GeocoderFailed: 19002,
  GeocoderTimeout: 19003,

  // 20xxx portal authentication
  AuthNameRequired: 20001,
  AuthTypeDuplicated: 20002,
  DeleteSuccess: 20010,

  // 21xxx advertisements
  AdNameRequired: 21001,
  AdPhotoRequired: 21002,
  AdUrlRequired: 21003,

  // 23xxx pay users
  PayUserIdRequired: 23001,

  // 24xxx SMS, portal and app sign-in
  SmsSendFailed: 24001,
  PhoneNumberWrong: 24002,
  PortalAccountNotExist: 24003,
  PortalPasswordError: 24004,
  PortalAccountDisabled: 24005,
  PortalAccountRegistered: 24006,
  NoOnlineTimeLeft: 24007,
  OldPasswordWrong: 24008,
  PortalPasswordFormat: 24009,
  PayUserNotFound: 24010,
  AppLoginModeNotSet: 24011,
  PortalTypeInvalid: 24012,
  // Appended for the personal centre and password recovery (spec §5), which the list lacks.
  VerificationCodeWrong: 24013,
  VerificationCodeInvalid: 24014,
  EmailRegistered: 24015,
  PhoneBound: 24016,
  PasswordUnchanged: 24017,
  PasswordsDiffer: 24018,
  MailSendFailed: 24019,
  PortalAccountRequired: 24100,
  LoginTimeRequired: 24101,
  OfflineTimeRequired: 24102,

  // 25xxx tenants
  TenantNotFound: 25001,
  TenantInfoIncomplete: 25002,
  TenantContactInvalid: 25003,
  ServiceStartNotAfterToday: 25004,
  ServiceEndBeforeStart: 25005,
  TenantInUse: 25006,

  // 26xxx app uploads
  AppUploadParamsMissing: 26001,
  AppUrlIncomplete: 26002,
  AppVersionActivationFailed: 26003,

  // 27xxx networks (ours: the specification names the rules of §5, not their codes)
  NetworkNameRequired: 27001,
  NetworkNameTooLong: 27002,
  NetworkNameInvalid: 27003,
  NetworkNameExists: 27004,
  NetworkLocationRequired: 27005,
  NetworkLocationInvalid: 27006,
  NetworkNothingToUpdate: 27007,
} as const;
export type ErrorCodeName = keyof typeof ErrorCode;
export type ErrorCodeValue = (typeof ErrorCode)[ErrorCodeName];

export const SUCCESS_CODES = [
  ErrorCode.LoginSuccess,
  ErrorCode.PasswordChanged,
  ErrorCode.DeleteSuccess,
] as const;
export type SuccessCode = (typeof SUCCESS_CODES)[number];
/** Every catalogue code that reports a failure. */
export type AppErrorCode = Exclude<ErrorCodeValue, SuccessCode>;

/**
 * Texts may hold `{name}` placeholders, filled from the error's params. `satisfies` makes the
 * compiler reject a code that lacks an entry or an entry that lacks a code.
 */
const catalogue = {
  4000: { en: 'Validation failed: {detail}', zh: '校验失败：{detail}' },
  4001: { en: 'The request body is not valid JSON', zh: '请求体不是有效的 JSON' },
  4002: {
    en: 'The form upload is malformed or incomplete; please send it again',
    zh: '上传的表单格式错误或不完整，请重新发送',
  },
  4003: { en: 'The address holds an invalid character encoding', zh: '请求地址含有无效的字符编码' },
  4004: {
    en: 'The request body does not match its declared length',
    zh: '请求体与声明的长度不符',
  },
  4005: { en: 'The request is malformed', zh: '请求格式错误' },
  4006: {
    en: 'Offer the WebSocket sub-protocol "live" (a token.<token> protocol goes beside it)',
    zh: '请提供 WebSocket 子协议 "live"（token.<token> 协议须与其一同提供）',
  },
  4010: { en: 'Please sign in', zh: '请先登录' },
  4011: {
    en: 'Your account signed in elsewhere; this session has ended',
    zh: '账号已在别处登录，本次会话已结束',
  },
  4012: { en: 'No access rights', zh: '没有访问权限' },
  4040: { en: 'Not found', zh: '未找到' },
  4050: { en: 'Method not allowed', zh: '不允许的请求方法' },
  4080: { en: 'The request took too long to arrive', zh: '请求接收超时' },
  4130: { en: 'The request is too large', zh: '请求内容过大' },
  4140: { en: 'The address or one of its parts is too long', zh: '请求地址或其中一段过长' },
  4150: { en: 'Unsupported content type', zh: '不支持的内容类型' },
  4290: { en: 'Too many requests, please try again later', zh: '请求过于频繁，请稍后再试' },
  4310: { en: 'The request headers are too large', zh: '请求头过大' },
  5000: { en: 'Server error, please try again later', zh: '服务器错误，请稍后再试' },
  5030: { en: 'The store is unavailable, please try again later', zh: '数据存储暂不可用，请稍后再试' },
  5031: { en: 'The server is restarting, please try again shortly', zh: '服务器正在重启，请稍后再试' },

  11001: { en: 'User does not exist', zh: '用户不存在' },
  11005: { en: 'Account name or password error', zh: '账号或密码错误' },
  11007: { en: 'Account name duplication', zh: '账号名重复' },
  11011: { en: 'Account already exists', zh: '账号已存在' },
  11012: { en: 'Account expired', zh: '账号已过期' },
  11014: { en: 'Login success', zh: '登录成功', success: true },
  11017: { en: 'Tenant info is null or its status is abnormal', zh: '租户信息为空或状态异常' },
  11018: { en: 'Password changed', zh: '密码修改成功', success: true },
  11019: { en: 'User info is null or its status is abnormal', zh: '用户信息为空或状态异常' },
  11020: {
    en: 'Too many failed sign-ins; try again in {minutes} minute(s)',
    zh: '登录失败次数过多，请 {minutes} 分钟后再试',
  },
  11021: { en: 'This kind of account cannot sign in here', zh: '该类账号不能在此登录' },
  11022: { en: 'Account name must be 4 to 12 characters', zh: '账号名须为 4 到 12 个字符' },
  11023: { en: 'Password must be 6 to 18 characters', zh: '密码须为 6 到 18 个字符' },
  11024: {
    en: 'Password must be 6 to 18 characters mixing at least two of digits, letters and symbols',
    zh: '密码须为 6 到 18 位，且至少包含数字、字母、符号中的两种',
  },
  11025: { en: 'Invalid e-mail address', zh: '邮箱地址格式错误' },
  11026: { en: 'Invalid mobile phone number', zh: '手机号码格式错误' },
  11027: { en: 'Another account of this tenant already has this name', zh: '该租户下已有账号使用此名称' },

  12001: { en: 'Invalid device MAC address format', zh: '设备 MAC 地址格式错误' },
  12002: { en: 'A device with this MAC address already exists', zh: '该 MAC 地址的设备已存在' },
  12003: { en: 'Device does not exist', zh: '设备不存在' },
  12004: { en: 'Wrong device SN length', zh: '设备 SN 长度错误' },
  12005: { en: 'A device with this SN already exists', zh: '该 SN 的设备已存在' },
  12006: { en: 'No permission to operate this device', zh: '没有操作该设备的权限' },
  12007: { en: 'Device name already exists', zh: '设备名称已存在' },
  12008: { en: 'No AC is available to control this AP', zh: '没有可管理该 AP 的 AC' },
  12009: { en: 'The AP is unavailable', zh: '该 AP 不可用' },
  12010: { en: 'The AP MAC reported by the station is not registered', zh: '终端上报的 AP MAC 未注册' },
  12100: { en: 'SN is required to register a device', zh: '注册设备须填写 SN' },
  12101: { en: 'MAC address is required to register a device', zh: '注册设备须填写 MAC 地址' },
  12102: { en: 'Device model must not be empty', zh: '设备型号不能为空' },
  12103: { en: 'Unknown device model', zh: '未知的设备型号' },
  12104: { en: 'Invalid device type', zh: '设备类型错误' },
  12105: {
    en: 'The SN and MAC address do not belong to the same device',
    zh: 'SN 与 MAC 地址不属于同一台设备',
  },
  12106: { en: 'The device is already registered', zh: '设备已注册' },
  12107: { en: 'The device is already registered to another tenant', zh: '设备已被其他租户注册' },
  12108: { en: 'The device is not registered', zh: '设备未注册' },
  12109: { en: 'The tenant has reached its quota of {max} devices', zh: '租户设备数量已达上限 {max} 台' },
  12110: { en: 'The device service period has expired; renew it first', zh: '设备服务已到期，请先续费' },
  12111: { en: 'The target network does not exist', zh: '目标网络不存在' },
  12112: { en: 'Set a main device for the network first', zh: '请先为网络设置主设备' },
  12113: { en: 'The network already has a main device', zh: '该网络已有主设备' },
  12114: { en: 'Only a router or a switch can be the main device', zh: '只有路由器或交换机可以作为主设备' },
  12115: { en: 'The device already belongs to another network', zh: '设备已属于其他网络' },
  12116: { en: 'The device must be online to be registered', zh: '设备在线时才能注册' },
  12117: { en: 'Failed to send the registration command to the device', zh: '向设备发送注册指令失败' },
  12118: { en: 'The device did not answer the registration in time', zh: '设备注册响应超时' },
  12119: { en: 'Failed to remove the device registration', zh: '解除设备注册失败' },
  12120: { en: 'Device alias must not be empty', zh: '设备别名不能为空' },
  12121: { en: 'Device alias must be at most {max} characters', zh: '设备别名不能超过 {max} 个字符' },
  12122: { en: 'Device alias contains invalid characters', zh: '设备别名包含非法字符' },
  12123: { en: 'Invalid device ID', zh: '设备 ID 错误' },
  12124: { en: 'Nothing to update on the device', zh: '设备没有需要更新的内容' },
  12125: { en: 'Failed to update the device', zh: '设备更新失败' },
  12126: { en: 'Failed to mark the device as trusted', zh: '设置设备为可信失败' },
  12127: { en: 'The chosen parent device is not an AC', zh: '所选上级设备不是 AC' },
  12128: { en: 'The controlling AC is offline', zh: '所属 AC 已离线' },
  12129: { en: 'The AC has reached its limit of {max} APs', zh: 'AC 管理的 AP 数量已达上限 {max} 台' },
  12130: { en: 'Unsupported hardware version', zh: '不支持的硬件版本' },
  12131: {
    en: 'The firmware is too old to register; upgrade it first',
    zh: '固件版本过低，请先升级后再注册',
  },
  12132: { en: 'The device certificate is invalid', zh: '设备证书无效' },
  12133: { en: 'The device key does not match', zh: '设备密钥不匹配' },
  12134: { en: 'The device is blacklisted', zh: '设备已被列入黑名单' },
  12135: { en: 'Invalid device port', zh: '设备端口错误' },
  12136: { en: 'Invalid device link information', zh: '设备链路信息错误' },
  12137: { en: 'Invalid device location', zh: '设备位置错误' },
  12138: { en: 'No device selected', zh: '未选择设备' },
  12139: { en: 'At most {max} devices can be registered at once', zh: '一次最多注册 {max} 台设备' },
  12140: {
    en: '{failed} of {total} devices could not be registered',
    zh: '{total} 台设备中有 {failed} 台注册失败',
  },
  12141: { en: 'The device import file is invalid', zh: '设备导入文件无效' },
  12142: { en: 'Row {row} of the import file is invalid', zh: '导入文件第 {row} 行有误' },
  12143: { en: 'The device type cannot be changed', zh: '设备类型不可修改' },
  12144: { en: 'The device is busy; try again later', zh: '设备正忙，请稍后再试' },
  12145: { en: 'Failed to reset the device', zh: '设备重置失败' },

  13001: { en: 'Client name already exists', zh: '终端名称已存在' },
  13002: { en: 'Invalid client MAC address format', zh: '终端 MAC 地址格式错误' },
  13003: { en: 'Failed to kick the client off', zh: '踢除终端失败' },
  13004: { en: 'Failed to update the client list', zh: '更新终端列表失败' },
  13005: { en: 'The client does not exist', zh: '终端不存在' },
  13006: { en: 'Failed to release the client', zh: '解除终端封禁失败' },
  13007: { en: 'Client alias must be at most {max} characters', zh: '终端别名不能超过 {max} 个字符' },
  13008: { en: 'Client alias contains invalid characters', zh: '终端别名包含非法字符' },
  13050: { en: 'Unknown time zone for the network', zh: '网络的时区无效' },

  14001: { en: 'Invalid IP address', zh: 'IP 地址格式错误' },
  14002: { en: 'Invalid subnet mask', zh: '子网掩码格式错误' },
  14003: { en: 'Invalid gateway', zh: '网关格式错误' },
  14004: { en: 'Invalid DNS server address', zh: 'DNS 服务器地址格式错误' },
  14005: { en: 'Invalid device SN in the configuration', zh: '配置中的设备 SN 错误' },
  14006: { en: 'Duplicate MAC address in the configuration', zh: '配置中存在重复的 MAC 地址' },
  14007: { en: 'Wireless group name already exists', zh: '无线组名称已存在' },
  14008: { en: 'Add at least one wireless group', zh: '至少需要一个无线组' },
  14009: { en: 'Duplicate SSID in the configuration', zh: '配置中存在重复的 SSID' },
  14010: { en: 'Configuration file error', zh: '配置文件错误' },
  14011: { en: 'The effective time must be later than now', zh: '生效时间必须晚于当前时间' },
  14012: {
    en: 'The firmware delivery end date must be later than its start date',
    zh: '固件下发的结束日期必须晚于开始日期',
  },
  14013: { en: 'There is no firmware delivery history', zh: '没有固件下发记录' },
  14014: { en: 'Enter the profile name', zh: '请输入配置名称' },
  14015: { en: 'The profile name may have at most 32 characters', zh: '配置名称最多 32 个字符' },
  14016: { en: 'A profile with this name already exists', zh: '已存在同名配置' },
  14017: { en: 'The configuration profile does not exist', zh: '配置不存在' },
  14018: { en: 'The description may have at most 200 characters', zh: '描述最多 200 个字符' },
  14019: { en: 'A profile is for an AP, a switch or a router', zh: '配置的设备类型须为 AP、交换机或路由器' },
  14020: {
    en: "This setting does not apply to the profile's device type",
    zh: '该设置不适用于此配置的设备类型',
  },
  14021: {
    en: 'The report interval must be a whole number of seconds from 10 to 120',
    zh: '上报周期须为 10 到 120 之间的整数秒',
  },
  14022: { en: 'Enter the SSID', zh: '请输入 SSID' },
  14023: {
    en: 'The SSID may have at most 32 bytes (a Chinese character takes 3) and no control characters',
    zh: 'SSID 最多 32 字节（一个汉字占 3 字节），且不能包含控制字符',
  },
  14024: { en: 'A profile may have at most 8 wireless groups', zh: '一个配置最多 8 个无线组' },
  14025: {
    en: 'A wireless group name may have at most 32 characters and no control characters',
    zh: '无线组名称最多 32 个字符，且不能包含控制字符',
  },
  14026: {
    en: 'Choose 1 to 3 different bands among 2.4, 5 and 6 GHz',
    zh: '请在 2.4、5、6 GHz 中选择 1 到 3 个不同的频段',
  },
  14027: {
    en: 'The WEP key must be 5 or 13 ASCII characters or 10 or 26 hex digits',
    zh: 'WEP 密钥须为 5 或 13 个 ASCII 字符，或 10 或 26 位十六进制数',
  },
  14028: {
    en: 'The pre-shared key must be 8 to 63 printable ASCII characters',
    zh: '预共享密钥须为 8 到 63 个可打印 ASCII 字符',
  },
  14029: {
    en: 'The key update interval must be greater than 0 and at most 86400 seconds',
    zh: '密钥更新周期须大于 0 且不超过 86400 秒',
  },
  14030: {
    en: 'Maximum clients must be a whole number from 1 to 1024',
    zh: '最大终端数须为 1 到 1024 的整数',
  },
  14031: {
    en: 'Bandwidth is a number and a unit K, M, G or T, like 3M or 512K (1 kbit/s to 10 Gbit/s)',
    zh: '带宽须为数字加单位 K、M、G 或 T，如 3M 或 512K（1 kbit/s 到 10 Gbit/s）',
  },
  14032: { en: 'The VLAN ID must be from 2 to 4094', zh: 'VLAN ID 须在 2 到 4094 之间' },
  14033: {
    en: 'The RSSI threshold must be a whole number from -100 to -40 dBm',
    zh: 'RSSI 门限须为 -100 到 -40 dBm 之间的整数',
  },
  14034: {
    en: 'At most 14 schedule rules, each with its days and a start and end time HH:MM',
    zh: '定时规则最多 14 条，每条须有星期和 HH:MM 格式的开始、结束时间',
  },
  14035: {
    en: 'Check the radio settings: one per band, a channel and width the band allows, power 1-36 dBm',
    zh: '请检查射频设置：每个频段一个，信道和频宽须为该频段允许的值，功率 1-36 dBm',
  },
  14036: {
    en: 'Check the port settings: each port once, a known speed, no half duplex at 1000 Mbit/s or more',
    zh: '请检查端口设置：每个端口只能设置一次，速率须有效，1000 Mbit/s 及以上不能半双工',
  },
  14037: {
    en: 'PoE needs a priority and a power limit above 0 and at most 100 W',
    zh: 'PoE 须设置优先级，功率上限须大于 0 且不超过 100 W',
  },
  14038: {
    en: 'PPPoE needs a user name (1-64 characters) and a password (1-64 characters)',
    zh: 'PPPoE 须填写用户名（1-64 个字符）和密码（1-64 个字符）',
  },
  14039: {
    en: "The DHCP range must lie in the LAN's subnet, start before it ends and leave out the LAN address",
    zh: 'DHCP 地址池须在 LAN 网段内，起始地址不大于结束地址，且不包含 LAN 地址',
  },
  14040: {
    en: 'The administrator name must be 1 to 32 letters, digits, _ . or -',
    zh: '管理员用户名须为 1 到 32 个字母、数字、_ . 或 -',
  },
  14041: {
    en: 'The administrator password must be 6 to 18 characters mixing at least two of digits, letters and symbols',
    zh: '管理员密码须为 6 到 18 位，且至少包含数字、字母、符号中的两种',
  },
  14042: {
    en: 'The profile is being delivered; cancel the delivery first',
    zh: '该配置正在下发，请先取消下发',
  },
  14043: { en: 'Choose the profile to deliver', zh: '请选择要下发的配置' },
  14044: { en: 'Choose at least one device', zh: '请至少选择一台设备' },
  14045: { en: 'At most 1000 devices can be chosen for one delivery', zh: '一次下发最多选择 1000 台设备' },
  14046: { en: 'The expiry time must be later than the effective time', zh: '过期时间必须晚于生效时间' },
  14047: {
    en: 'A staged delivery needs a first share of 1-100 % and a failure limit of 0-100 %',
    zh: '分批下发须设置 1-100% 的首批比例和 0-100% 的失败上限',
  },
  14048: { en: 'The delivery does not exist', zh: '下发任务不存在' },
  14049: { en: 'The delivery has already ended', zh: '下发任务已结束' },
  14050: {
    en: 'The profile is for another device type than one of the chosen devices',
    zh: '所选设备中有设备的类型与配置的设备类型不符',
  },
  14051: { en: 'Choose the access controller (AC) of this profile', zh: '请选择此配置所属的 AC' },
  14052: {
    en: "An AP chosen is not managed by this profile's access controller",
    zh: '所选 AP 不受此配置所属 AC 管理',
  },
  14056: { en: 'This version of the profile does not exist', zh: '该配置版本不存在' },
  14057: {
    en: 'The profile has been removed: its history can be read but not restored',
    zh: '该配置已删除：其历史版本只能查看，不能恢复',
  },
  14058: { en: 'The start of the time range must be before its end', zh: '时间范围的开始必须早于结束' },
  14059: { en: 'Choose the configuration file to upload', zh: '请选择要上传的配置文件' },
  14060: { en: 'A configuration file may be at most {max}', zh: '配置文件不能超过 {max}' },
  14061: {
    en: 'Configuration files must be .tar, .tar.gz, .tgz, .cfg, .txt or .json',
    zh: '配置文件须为 .tar、.tar.gz、.tgz、.cfg、.txt 或 .json 格式',
  },
  14062: {
    en: 'The configuration file does not exist; upload it again',
    zh: '配置文件不存在，请重新上传',
  },
  14063: {
    en: 'The download link is invalid or has expired',
    zh: '下载链接无效或已过期',
  },
  14064: {
    en: "The file's content does not match its format",
    zh: '文件内容与其格式不符',
  },

  15001: { en: 'Firmware model must not be empty', zh: '固件型号不能为空' },
  15002: { en: 'Firmware version must not be empty', zh: '固件版本不能为空' },
  15003: { en: 'Hardware version must not be empty', zh: '硬件版本不能为空' },
  15004: { en: 'Checksum must not be empty', zh: '校验和不能为空' },
  15005: { en: 'This firmware already exists', zh: '该固件已存在' },
  15006: { en: 'MD5 does not match the uploaded file', zh: 'MD5 与上传的文件不一致' },
  15007: { en: 'No permission to manage firmware', zh: '没有管理固件的权限' },
  15008: { en: 'Firmware file path must not be empty', zh: '固件文件路径不能为空' },
  15009: { en: 'The firmware image does not exist', zh: '固件不存在' },
  15010: {
    en: 'Firmware version must look like v2.00.002 (at most 15 characters)',
    zh: '固件版本格式应如 v2.00.002（最多 15 个字符）',
  },
  15011: {
    en: 'Checksum must be 0x followed by 8 hexadecimal digits, like 0x035a231a',
    zh: '校验和应为 0x 加 8 位十六进制数字，如 0x035a231a',
  },
  15012: { en: 'MD5 must be 32 letters or digits (hexadecimal)', zh: 'MD5 应为 32 位十六进制字母或数字' },
  15013: { en: 'Firmware model may have at most 15 characters', zh: '固件型号最多 15 个字符' },
  15014: { en: 'Hardware version may have at most 15 characters', zh: '硬件版本最多 15 个字符' },
  15015: { en: 'Operator must be 1 to 15 characters', zh: '操作人应为 1 到 15 个字符' },
  15016: { en: 'Description may have at most 128 characters', zh: '描述最多 128 个字符' },
  15017: {
    en: 'Checksum does not match the uploaded file (CRC32)',
    zh: '校验和与上传的文件不一致（CRC32）',
  },
  15018: { en: 'The firmware image may be at most {max}', zh: '固件文件最大为 {max}' },
  15019: {
    en: 'The firmware is used by an upgrade that has not ended',
    zh: '该固件正被未结束的升级任务使用',
  },
  15020: { en: 'The firmware download link is invalid or has expired', zh: '固件下载链接无效或已过期' },
  15021: {
    en: "Only the administrator's own images can be published",
    zh: '只有管理员自己的固件可以发布',
  },
  15022: { en: 'The firmware file is empty', zh: '固件文件为空' },
  15023: { en: 'The requested byte range is not available', zh: '请求的字节范围无效' },
  15030: { en: 'Choose the firmware image to deliver', zh: '请选择要下发的固件' },
  15031: {
    en: 'These devices are not of model {model}, hardware {hwVersion}: {sns}',
    zh: '以下设备的型号或硬件版本与固件（{model}，{hwVersion}）不符：{sns}',
  },
  15032: {
    en: 'The validity is 0 (permanent), 1 (from a time) or 2 (a period); an end time goes with 2 only',
    zh: '有效期须为 0（永久）、1（从某时起）或 2（时间段）；只有时间段可设结束时间',
  },
  15033: { en: 'Choose the time the upgrade starts from', zh: '请选择升级的开始时间' },
  15034: { en: 'Choose the time the upgrade period ends', zh: '请选择升级时间段的结束时间' },
  15035: {
    en: 'The maintenance window is a start and an end like 02:00 and 05:00, not equal',
    zh: '维护时段须为开始和结束时间（如 02:00 与 05:00），两者不能相同',
  },
  15036: { en: 'Devices upgrading at once: 1 to 1000', zh: '同时升级的设备数须为 1 到 1000' },
  15037: { en: 'Unknown time zone', zh: '未知的时区' },
  15038: { en: 'Model to filter by: 1 to 32 characters', zh: '筛选的型号须为 1 到 32 个字符' },
  15039: {
    en: 'Hardware version to filter by: 1 to 32 characters',
    zh: '筛选的硬件版本须为 1 到 32 个字符',
  },

  16001: { en: 'Alarm settings could not be saved', zh: '告警设置保存失败' },
  16002: { en: 'Rate settings could not be saved', zh: '费率设置保存失败' },
  16003: { en: 'There is nothing to back up', zh: '没有可备份的数据' },
  16004: { en: 'Set a mail address first', zh: '请先设置邮箱地址' },
  16005: { en: 'Cost settings could not be saved', zh: '费用设置保存失败' },
  16006: { en: 'Log operation failed', zh: '日志操作失败' },
  16010: { en: 'The start of the time range must not be after its end', zh: '开始时间不能晚于结束时间' },
  16011: { en: 'Unknown log code', zh: '未知的日志代码' },
  16012: { en: 'Some of these log entries do not exist', zh: '部分日志记录不存在' },
  16013: { en: 'No such device to read the logs of', zh: '没有可查看日志的该设备' },
  16014: {
    en: 'Keep audit entries 30 to 730 days and device logs 1 to 90 days',
    zh: '审计日志保留 30 至 730 天，设备日志保留 1 至 90 天',
  },
  16015: { en: 'Choose 1 to 500 log entries', zh: '请选择 1 至 500 条日志' },
  16016: { en: 'Choose a tenant', zh: '请选择租户' },

  16030: { en: 'Unknown alarm type (1-21)', zh: '告警类型错误（1-21）' },
  16031: { en: 'The threshold may contain only the digits 0-9', zh: '阈值只能包含数字 0-9' },
  16032: { en: 'The threshold is out of range', zh: '阈值超出范围' },
  16033: { en: 'Choose at least one alarm level', zh: '请至少选择一个告警级别' },
  16034: { en: 'Choose at least one push method', zh: '请至少选择一种推送方式' },
  16035: { en: 'Enter a phone number for SMS', zh: '选择短信推送时请填写手机号' },
  16036: { en: 'Invalid phone number for SMS alarms', zh: '告警短信的手机号格式错误' },
  16037: { en: 'Enter an e-mail address for mail', zh: '选择邮件推送时请填写邮箱' },
  16038: { en: 'Invalid e-mail address for mail alarms', zh: '告警邮件的邮箱格式错误' },
  16039: { en: 'At most 5 phone numbers and 5 e-mail addresses', zh: '最多 5 个手机号和 5 个邮箱' },
  16040: { en: 'The alarm window must be 0 to 3600 seconds', zh: '告警时间窗须为 0 到 3600 秒' },
  16041: { en: 'The description must be at most 100 characters', zh: '描述不能超过 100 个字符' },
  16042: { en: 'The alarm name must not be empty', zh: '告警名称不能为空' },
  16043: { en: 'The alarm name must be at most 30 characters', zh: '告警名称不能超过 30 个字符' },
  16044: { en: 'An alarm of this name already exists in the network', zh: '该网络中已存在同名告警' },
  16045: { en: 'Unknown metric for a custom alarm', zh: '自定义告警的指标错误' },
  16046: { en: 'The comparison must be above or below', zh: '比较方式须为高于或低于' },
  16047: { en: 'The custom alarm does not exist', zh: '自定义告警不存在' },
  16048: { en: 'At most 20 custom alarms per network', zh: '每个网络最多 20 个自定义告警' },
  16049: { en: 'Unknown metric for a limit alarm', zh: '限额告警的指标错误' },
  16050: { en: 'The limit alarm does not exist', zh: '限额告警不存在' },
  16051: { en: 'At most 20 limit alarms per network', zh: '每个网络最多 20 个限额告警' },
  16052: { en: 'Choose at least one network to copy to', zh: '请至少选择一个要复制到的网络' },
  16053: {
    en: 'Copy only to your own networks other than the source',
    zh: '只能复制到本租户中源网络以外的网络',
  },
  16054: { en: 'The alarm does not exist', zh: '告警不存在' },
  16055: { en: 'Choose 1 to 100 alarms', zh: '请选择 1 至 100 条告警' },

  16060: {
    en: 'The webhook URL must be an http(s) address of at most 500 characters',
    zh: 'Webhook 地址须为 http(s) 地址，最多 500 个字符',
  },
  16061: { en: 'The webhook name must be 1 to 64 characters', zh: 'Webhook 名称须为 1 到 64 个字符' },
  16062: {
    en: 'Choose at least one alarm level (1 general, 2 medium, 3 severe)',
    zh: '请至少选择一个告警级别（1 一般、2 中等、3 严重）',
  },
  16063: { en: 'Enabled must be true or false', zh: '启用须为 true 或 false' },
  16064: { en: 'The webhook does not exist', zh: 'Webhook 不存在' },
  16065: { en: 'A tenant has at most 10 webhooks', zh: '每个租户最多 10 个 Webhook' },
  16066: { en: 'Unknown notification channel', zh: '未知的通知渠道' },
  16067: { en: 'Invalid WeChat openid or app device token', zh: '微信 openid 或应用设备令牌无效' },
  16068: { en: 'The binding does not exist', zh: '绑定不存在' },
  16069: { en: 'An account has at most 10 bindings', zh: '每个账号最多 10 个绑定' },
  16070: { en: 'Choose a network of your own', zh: '请选择您自己的网络' },
  16071: {
    en: 'The maintenance window must end after its start and in the future',
    zh: '维护窗口的结束时间须晚于开始时间且在将来',
  },
  16072: { en: 'A maintenance window lasts at most 30 days', zh: '维护窗口最长 30 天' },
  16073: { en: 'The reason is at most 200 characters', zh: '原因最多 200 个字符' },
  16074: { en: 'The maintenance window does not exist', zh: '维护窗口不存在' },
  16075: { en: 'The maintenance window is already over', zh: '维护窗口已结束' },
  16076: { en: 'Invalid time range of notification records', zh: '通知记录的时间范围无效' },
  16077: { en: 'Invalid notification id', zh: '通知 ID 无效' },
  16078: { en: 'Only a tenant account can change notification settings', zh: '只有租户账号可以修改通知设置' },

  17001: { en: 'Invalid renewal type', zh: '续费类型错误' },
  17002: { en: 'Invalid expiry date', zh: '到期日期错误' },
  17003: { en: 'Invalid amount', zh: '金额错误' },
  17004: { en: 'Invalid number of SMS messages', zh: '短信条数错误' },
  17005: { en: 'Invalid device SN for renewal', zh: '续费设备的 SN 错误' },
  17006: { en: 'Invalid picture', zh: '图片错误' },
  17007: { en: 'Tenants must not be empty', zh: '租户不能为空' },
  17008: { en: 'The picture must be at most {max}', zh: '图片不能超过 {max}' },

  18001: { en: 'Invalid message type', zh: '消息类型错误' },
  18002: { en: 'Message title must not be empty', zh: '消息标题不能为空' },
  18003: { en: 'Message content must not be empty', zh: '消息内容不能为空' },
  18004: { en: 'Invalid message ID', zh: '消息 ID 错误' },

  19001: { en: 'Invalid map parameters', zh: '地图参数错误' },
  19002: { en: 'Geocoder failure, status: {status}', zh: '地址解析失败，状态：{status}' },
  19003: { en: 'The geocoder did not answer in time', zh: '地址解析服务响应超时' },

  20001: { en: 'Authentication name must not be empty', zh: '认证名称不能为空' },
  20002: { en: 'This authentication type already exists', zh: '该认证类型已存在' },
  20010: { en: 'Delete success', zh: '删除成功', success: true },

  21001: { en: 'Ad name must not be empty', zh: '广告名称不能为空' },
  21002: { en: 'Ad photo must not be empty', zh: '广告图片不能为空' },
  21003: { en: 'Ad URL must not be empty', zh: '广告链接不能为空' },

  23001: { en: 'Paid user ID must not be empty', zh: '付费用户 ID 不能为空' },

  24001: { en: 'Failed to send the SMS', zh: '短信发送失败' },
  24002: { en: 'Wrong phone number', zh: '手机号码错误' },
  24003: { en: 'The portal account does not exist', zh: '认证账号不存在' },
  24004: { en: 'Wrong password', zh: '密码错误' },
  24005: { en: 'The account is disabled', zh: '账号已被禁用' },
  24006: { en: 'The account is already registered', zh: '账号已注册' },
  24007: { en: 'No online time left', zh: '没有剩余上网时长' },
  24008: { en: 'The old password is wrong', zh: '原密码错误' },
  24009: { en: 'Wrong password format', zh: '密码格式错误' },
  24010: { en: 'Paid user not found', zh: '未找到该付费用户' },
  24011: { en: 'The app login mode is not set', zh: '未设置 App 登录方式' },
  24012: { en: 'Wrong portal type', zh: 'Portal 认证类型错误' },
  24013: { en: 'Wrong verification code', zh: '验证码错误' },
  24014: {
    en: 'The verification code has expired or is no longer valid; request a new one',
    zh: '验证码已失效，请重新获取',
  },
  24015: { en: 'This e-mail address is already registered', zh: '该邮箱已被注册' },
  24016: { en: 'This number is already bound to another account', zh: '该号码已绑定其他账号' },
  24017: { en: 'The new password must differ from the old one', zh: '新密码不能与原密码相同' },
  24018: { en: 'The two passwords do not match', zh: '两次输入的密码不一致' },
  24019: { en: 'Failed to send the e-mail', zh: '邮件发送失败' },
  24100: { en: 'Account must not be empty', zh: '账号不能为空' },
  24101: { en: 'Login time must not be empty', zh: '登录时间不能为空' },
  24102: { en: 'Offline time must not be empty', zh: '下线时间不能为空' },

  25001: { en: 'Tenant not found', zh: '租户不存在' },
  25002: { en: 'Please complete the tenant information', zh: '请完善租户信息' },
  25003: { en: 'Invalid tenant contact information', zh: '租户联系方式有误' },
  25004: { en: 'The service start date must be later than today', zh: '服务开始日期必须晚于今天' },
  25005: { en: 'The service end date must be later than the start date', zh: '服务结束日期必须晚于开始日期' },
  25006: { en: 'The tenant is in use and cannot be removed', zh: '租户正在使用中，无法删除' },

  26001: { en: 'App upload parameters are missing', zh: '应用上传参数缺失' },
  26002: { en: 'The app download URL is incomplete', zh: '应用下载地址不完整' },
  26003: { en: 'Failed to activate the app version', zh: '应用版本激活失败' },

  27001: { en: 'Enter the network name', zh: '请输入网络名称' },
  27002: { en: 'The network name may have at most {max} characters', zh: '网络名称最多 {max} 个字符' },
  27003: { en: 'The network name contains characters that are not allowed', zh: '网络名称包含不允许的字符' },
  27004: { en: 'A network with this name already exists', zh: '已存在同名网络' },
  27005: { en: 'Choose the network location on the map', zh: '请在地图上选择网络位置' },
  27006: {
    en: 'Longitude must be between -180 and 180 and latitude between -90 and 90',
    zh: '经度须在 -180 到 180 之间，纬度须在 -90 到 90 之间',
  },
  27007: { en: 'Nothing to update', zh: '没有要修改的内容' },
} as const satisfies Record<ErrorCodeValue, CatalogueEntry>;

/** Indexed by plain numbers, since codes also arrive from the wire. */
export const errorCatalogue: Readonly<Record<number, CatalogueEntry>> = catalogue;

export function errorText(code: number, lang: Lang, params?: Record<string, string | number>): string {
  const entry = errorCatalogue[code] ?? errorCatalogue[ErrorCode.Internal]!;
  const text = entry[lang] ?? entry.en;
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => (key in params ? String(params[key]) : whole));
}

export function isSuccessCode(code: number): code is SuccessCode {
  return errorCatalogue[code]?.success === true;
}

/** True for codes the catalogue knows that report a failure. */
export function isAppErrorCode(code: number): code is AppErrorCode {
  const entry = errorCatalogue[code];
  return entry !== undefined && entry.success !== true;
}

/**
 * The HTTP status for each code, grouped by status. Product codes not listed answer 400; the
 * groups below hold the transport codes and the product codes that mean not-found, conflict
 * (duplicate, already exists, in use) or missing permission.
 */
export const httpStatusTable = {
  200: SUCCESS_CODES,
  400: [
    ErrorCode.ValidationFailed,
    ErrorCode.MalformedJson,
    ErrorCode.MalformedMultipart,
    ErrorCode.MalformedUrl,
    ErrorCode.ContentLengthMismatch,
    ErrorCode.MalformedRequest,
    ErrorCode.LiveProtocolRequired,
  ],
  401: [ErrorCode.NotSignedIn, ErrorCode.LoggedInElsewhere, ErrorCode.AccountOrPasswordError],
  403: [
    ErrorCode.NoAccessRights,
    ErrorCode.LoginRoleNotAllowed,
    ErrorCode.DeviceNoPermission,
    ErrorCode.DeviceBlacklisted,
    ErrorCode.FirmwareNoPermission,
    ErrorCode.FirmwareLinkInvalid,
    ErrorCode.PortalAccountDisabled,
    ErrorCode.ConfigFileLinkInvalid,
  ],
  404: [
    ErrorCode.NotifyWebhookNotFound,
    ErrorCode.NotifyBindingNotFound,
    ErrorCode.MaintenanceNotFound,
    ErrorCode.NotFound,
    ErrorCode.UserNotExist,
    ErrorCode.DeviceNotExist,
    ErrorCode.ClientNotExist,
    ErrorCode.TargetNetworkNotExist,
    ErrorCode.FirmwareHistoryEmpty,
    ErrorCode.FirmwareNotExist,
    ErrorCode.ConfigNotExist,
    ErrorCode.DeliveryNotExist,
    ErrorCode.ConfigVersionNotExist,
    ErrorCode.ConfigFileNotFound,
    ErrorCode.PortalAccountNotExist,
    ErrorCode.PayUserNotFound,
    ErrorCode.TenantNotFound,
    ErrorCode.LogEntriesNotFound,
    ErrorCode.LogDeviceNotFound,
    ErrorCode.CustomAlarmNotFound,
    ErrorCode.LimitAlarmNotFound,
    ErrorCode.AlarmNotFound,
  ],
  405: [ErrorCode.MethodNotAllowed],
  408: [ErrorCode.RequestTimeout],
  409: [
    ErrorCode.MaintenanceOver,
    ErrorCode.AccountNameDuplicated,
    ErrorCode.AccountExists,
    ErrorCode.NameDuplicated,
    ErrorCode.DeviceMacExists,
    ErrorCode.DeviceSnExists,
    ErrorCode.DeviceNameExists,
    ErrorCode.NetworkNameExists,
    ErrorCode.DeviceAlreadyRegistered,
    ErrorCode.DeviceOwnedByOtherTenant,
    ErrorCode.MainDeviceAlreadySet,
    ErrorCode.DeviceInOtherNetwork,
    ErrorCode.DeviceBusy,
    ErrorCode.ClientNameDuplicated,
    ErrorCode.ConfigMacDuplicated,
    ErrorCode.WirelessGroupNameDuplicated,
    ErrorCode.SsidDuplicated,
    ErrorCode.ConfigNameExists,
    ErrorCode.ConfigInUse,
    ErrorCode.DeliveryEnded,
    ErrorCode.FirmwareExists,
    ErrorCode.FirmwareInUse,
    ErrorCode.AuthTypeDuplicated,
    ErrorCode.PortalAccountRegistered,
    ErrorCode.TenantInUse,
    ErrorCode.EmailRegistered,
    ErrorCode.PhoneBound,
    ErrorCode.AlarmNameExists,
  ],
  413: [
    ErrorCode.BodyTooLarge,
    ErrorCode.PictureTooLarge,
    ErrorCode.ConfigFileTooLarge,
    ErrorCode.FirmwareTooLarge,
  ],
  414: [ErrorCode.UrlTooLong],
  415: [ErrorCode.UnsupportedMedia],
  416: [ErrorCode.FirmwareRangeNotSatisfiable],
  429: [ErrorCode.TooManyRequests, ErrorCode.SignInLocked],
  431: [ErrorCode.HeadersTooLarge],
  500: [ErrorCode.Internal],
  502: [ErrorCode.GeocoderFailed],
  503: [ErrorCode.StoreUnavailable, ErrorCode.ShuttingDown],
  504: [ErrorCode.GeocoderTimeout],
} as const satisfies Record<number, readonly ErrorCodeValue[]>;

const statusByCode = new Map<number, number>(
  Object.entries(httpStatusTable).flatMap(([status, codes]) =>
    codes.map((code) => [code, Number(status)] as const),
  ),
);

/** Product areas own the five-digit codes 11000-26999 (spec §8), and 27xxx our networks. */
const PRODUCT_RANGE = { min: 11000, max: 27999 } as const;

export function httpStatusFor(code: number): number {
  const listed = statusByCode.get(code);
  if (listed !== undefined) return listed;
  // An uncatalogued product code is still the caller's mistake; anything else is ours.
  return code >= PRODUCT_RANGE.min && code <= PRODUCT_RANGE.max ? 400 : 500;
}

/** Codes after which a browser session is over (spec §8): storage cleared, reload after 1.5 s. */
export const SESSION_ENDING_CODES: readonly number[] = [
  ErrorCode.LoggedInElsewhere,
  ErrorCode.NoAccessRights,
];

export interface ErrorReply {
  code: number;
  message: string;
  /** For validation failures: which field, and why. */
  details?: { path: string; message: string }[];
}
