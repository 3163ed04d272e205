import type { Lang } from './lang.js';

/**
 * The service's messages that the hosted platform words in each language (platform-facts and
 * platform-facts-verified name them). `{n}`, `{v}`, `{code}` stand for the parts that vary.
 * Handlers word every message in English; the HTTP edge translates the answer once it knows the
 * caller's language (translate.ts), so no handler needs to carry the request's language.
 *
 * Beyond the facts files' examples the table covers every error factory of errors.ts and the
 * common record, query, process and parameter messages. Where the platform's own Japanese is
 * known (e.g. `"x"は選択肢にありません。`) it is followed; the rest is worded in its style.
 * A placeholder named `msg...` is a message of its own and is translated too (translate.ts).
 * The first pattern that matches wins, so an entry more specific than another comes first.
 */
export const MESSAGES: readonly Readonly<Record<Lang, string>>[] = [
  { en: 'Missing or invalid input.', ja: '入力内容が正しくありません。', zh: '输入内容不正确。' },
  { en: 'Required.', ja: '必須です。', zh: '必填。' },
  { en: 'Required field.', ja: '必須です。', zh: '必填。' },
  {
    en: 'This value already exists in another record.',
    ja: '値がほかのレコードと重複しています。',
    zh: '该值与其他记录重复。',
  },
  { en: 'Only numbers are allowed.', ja: '数字でなければなりません。', zh: '只能输入数字。' },
  { en: 'The value must be {n} or less.', ja: '{n}以下である必要があります。', zh: '必须小于等于{n}。' },
  { en: 'The value must be {n} or more.', ja: '{n}以上である必要があります。', zh: '必须大于等于{n}。' },
  {
    en: 'A maximum of 100 records can be added at one time.',
    ja: '一度に100件までのレコードを追加できます。',
    zh: '一次最多可添加100条记录。',
  },
  {
    en: 'A maximum of 100 records can be updated at one time.',
    ja: '一度に100件までのレコードを更新できます。',
    zh: '一次最多可更新100条记录。',
  },
  {
    en: 'A value {v} in the field {code} does not exist in the datasource app for lookup, or you do not have permission to view the app or the field.',
    ja: 'フィールド「{code}」の値「{v}」が、ルックアップの参照先のフィールドにないか、またはアプリやフィールドの閲覧権限がありません。',
    zh: '字段“{code}”的值“{v}”在关联的应用中不存在，或您没有查看该应用或字段的权限。',
  },
  {
    // kintone help article 040792 gives the English and the Japanese of both deletion refusals.
    en: 'Cannot delete the field. The field has been referred from a Lookup field "{field}" in an app "{app}". Change the settings of the "Lookup" field or delete the field itself in the app.',
    ja: 'フィールドを削除できません。「{app}」アプリのルックアップフィールド「{field}」から参照されています。参照元のルックアップフィールドの設定を変更するか、または削除してください。',
    zh: '无法删除字段。该字段被应用“{app}”的关联字段“{field}”引用。请更改该关联字段的设置或将其删除。',
  },
  {
    en: 'Cannot delete the field. The field has been referred from a Related Records field "{field}" in an app "{app}". Change the settings of the "Related Records" field or delete the field itself in the app.',
    ja: 'フィールドを削除できません。「{app}」アプリの関連レコード一覧フィールド「{field}」から参照されています。参照元の関連レコード一覧フィールドの設定を変更するか、または削除してください。',
    zh: '无法删除字段。该字段被应用“{app}”的关联记录列表字段“{field}”引用。请更改该关联记录列表字段的设置或将其删除。',
  },
  {
    en: 'The login name or password is wrong.',
    ja: 'ログイン名またはパスワードが正しくありません。',
    zh: '登录名或密码错误。',
  },

  // --- errors.ts factories -------------------------------------------------------------------
  {
    en: 'Authentication is required: send X-Cybozu-Authorization or X-Cybozu-API-Token (or X-Service-Authorization or X-Service-API-Token).',
    ja: 'ログインしてください。X-Cybozu-Authorization または X-Cybozu-API-Token ヘッダー（または X-Service-Authorization または X-Service-API-Token）を送信してください。',
    zh: '请登录。请发送 X-Cybozu-Authorization 或 X-Cybozu-API-Token 请求头（或 X-Service-Authorization 或 X-Service-API-Token）。',
  },
  {
    en: 'An API token sent in {header} matches no token of any app; check the header, or issue a token (POST /_emulator/tokens).',
    ja: '{header} で送信された API トークンは、どのアプリのトークンとも一致しません。ヘッダーを確認するか、トークンを発行してください（POST /_emulator/tokens）。',
    zh: '{header} 中发送的 API 令牌与任何应用的令牌都不匹配。请检查请求头，或签发令牌（POST /_emulator/tokens）。',
  },
  {
    en: 'The API token does not match the app.',
    ja: 'APIトークンとアプリの組み合わせが正しくありません。',
    zh: 'API 令牌与应用不匹配。',
  },
  // GAIA_NO01: the ja wording as kintone/cli-kintone's docs quote the hosted platform's answer
  // (`[403] [GAIA_NO01] このAPIトークンでは、指定したAPIを実行できません。`); zh worded in its style.
  {
    en: 'Using this API token, you cannot run the specified API.',
    ja: 'このAPIトークンでは、指定したAPIを実行できません。',
    zh: '使用此API令牌无法执行指定的API。',
  },
  // The platform's plain CB_NO02 wording; before the general entry, which names what is refused.
  { en: 'You do not have permission for this operation.', ja: '権限がありません。', zh: '没有权限。' },
  {
    en: 'You do not have permission for {msg}.',
    ja: '権限がありません（{msg}）。',
    zh: '没有权限（{msg}）。',
  },
  {
    en: 'The app (id: {id}) was not found.',
    ja: '指定したアプリ（id: {id}）が見つかりません。削除されている可能性があります。',
    zh: '未找到指定的应用（id: {id}）。该应用可能已被删除。',
  },
  {
    en: 'The revision is not the latest. Someone may have changed it (expected {expected}, current {actual}).',
    ja: '指定したリビジョンは最新ではありません。ほかのユーザーが変更した可能性があります（指定 {expected}、現在 {actual}）。',
    zh: '指定的修订版本不是最新的。可能已被其他用户更改（指定 {expected}，当前 {actual}）。',
  },
  {
    en: 'The app (id: {app}) is being deployed; try again when its deploy has finished.',
    ja: 'アプリ（id: {app}）の設定を運用環境に反映しています。反映が完了してから再度お試しください。',
    zh: '正在将应用（id: {app}）的设置应用到正式环境。请在应用完成后重试。',
  },
  {
    en: 'The app (id: {app}) has pending draft changes that cannot go live ({msgReason}); a PUT on a live ACL or admin notes path publishes the whole draft. Fix or revert the draft, or write to the /k/v1/preview/ path instead.',
    ja: 'アプリ（id: {app}）には運用環境に反映できない変更中の設定があります（{msgReason}）。運用環境のアクセス権または管理用メモのパスへの PUT は、変更中の設定をすべて反映します。変更中の設定を修正するか元に戻すか、/k/v1/preview/ のパスに書き込んでください。',
    zh: '应用（id: {app}）有无法应用到正式环境的待处理更改（{msgReason}）。对正式环境的权限或管理备注路径执行 PUT 会应用全部待处理更改。请修正或撤销这些更改，或改为写入 /k/v1/preview/ 路径。',
  },
  {
    en: 'No API at {method} {path}.',
    ja: '指定した API（{method} {path}）は存在しません。',
    zh: '指定的 API（{method} {path}）不存在。',
  },
  {
    en: 'Method {method} is not supported.',
    ja: 'メソッド {method} には対応していません。',
    zh: '不支持方法 {method}。',
  },
  {
    en: '{method} is not supported on {path}.',
    ja: '{path} では {method} に対応していません。',
    zh: '{path} 不支持 {method}。',
  },
  { en: 'The request body is not valid JSON.', ja: '不正なJSON文字列です。', zh: 'JSON 字符串无效。' },
  {
    en: 'Unsupported Content-Type "{type}"; send application/json (or multipart/form-data for file uploads).',
    ja: 'Content-Type「{type}」には対応していません。application/json（ファイルのアップロードでは multipart/form-data）を指定してください。',
    zh: '不支持 Content-Type“{type}”。请使用 application/json（上传文件时使用 multipart/form-data）。',
  },
  {
    en: 'The request body is larger than {n} bytes.',
    ja: 'リクエストの本文が{n}バイトを超えています。',
    zh: '请求正文超过了{n}字节。',
  },
  {
    en: 'Too many concurrent requests; retry later.',
    ja: '同時に処理できるリクエスト数の上限を超えました。しばらくしてから再度お試しください。',
    zh: '并发请求数超过上限。请稍后重试。',
  },
  {
    en: 'The uploaded file is {size} bytes, larger than the upload cap of {cap}. Upload a smaller file, or raise the cap with --max-upload-mb (option maxFileBytes of startEmulator).',
    ja: 'アップロードしたファイル（{size}バイト）が上限の{cap}を超えています。小さいファイルをアップロードするか、--max-upload-mb（startEmulator のオプション maxFileBytes）で上限を上げてください。',
    zh: '上传的文件（{size}字节）超过了上限{cap}。请上传较小的文件，或用 --max-upload-mb（startEmulator 的选项 maxFileBytes）提高上限。',
  },
  {
    en: 'The uploaded file is larger than the upload cap of {cap}. Upload a smaller file, or raise the cap with --max-upload-mb (option maxFileBytes of startEmulator).',
    ja: 'アップロードしたファイルが上限の{cap}を超えています。小さいファイルをアップロードするか、--max-upload-mb（startEmulator のオプション maxFileBytes）で上限を上げてください。',
    zh: '上传的文件超过了上限{cap}。请上传较小的文件，或用 --max-upload-mb（startEmulator 的选项 maxFileBytes）提高上限。',
  },

  // --- apps, guest spaces, records ---------------------------------------------------------------
  {
    en: 'The app (id: {id}) is in guest space {space}; call it through /k/guest/{path}/v1/.',
    ja: 'アプリ（id: {id}）はゲストスペース {space} にあります。/k/guest/{path}/v1/ のパスで呼び出してください。',
    zh: '应用（id: {id}）位于访客空间 {space}。请通过 /k/guest/{path}/v1/ 路径调用。',
  },
  {
    en: 'The app (id: {id}) is not in guest space {space}; call an app of a guest space through its own /k/guest/{path}/v1/ path, and any other app through /k/v1/.',
    ja: 'アプリ（id: {id}）はゲストスペース {space} にありません。ゲストスペースのアプリはそのスペースの /k/guest/{path}/v1/ のパスで、それ以外のアプリは /k/v1/ のパスで呼び出してください。',
    zh: '应用（id: {id}）不在访客空间 {space} 中。访客空间的应用请通过其自身的 /k/guest/{path}/v1/ 路径调用，其他应用请通过 /k/v1/ 调用。',
  },
  {
    en: 'The record (id: {id}) was not found.',
    ja: '指定したレコード（id: {id}）が見つかりません。',
    zh: '未找到指定的记录（id: {id}）。',
  },
  {
    en: 'The comment (id: {id}) was not found on record {record}.',
    ja: 'レコード {record} に指定したコメント（id: {id}）が見つかりません。',
    zh: '在记录 {record} 中未找到指定的评论（id: {id}）。',
  },
  {
    en: 'Enter a revision number (or -1 to skip the check).',
    ja: 'リビジョン番号を入力してください（-1 を指定するとリビジョンを確認しません）。',
    zh: '请输入修订版本号（指定 -1 则不检查修订版本）。',
  },
  {
    en: 'Give id or updateKey.',
    ja: 'id または updateKey を指定してください。',
    zh: '请指定 id 或 updateKey。',
  },

  // --- record values ------------------------------------------------------------------------------
  { en: 'Enter a string.', ja: '文字列を入力してください。', zh: '请输入字符串。' },
  {
    en: 'Enter at least {n} characters (got {got}).',
    ja: '{n}文字以上である必要があります（現在{got}文字）。',
    zh: '必须至少为{n}个字符（当前{got}个字符）。',
  },
  {
    en: 'Enter {n} characters or fewer (got {got}).',
    ja: '{n}文字以下である必要があります（現在{got}文字）。',
    zh: '必须最多为{n}个字符（当前{got}个字符）。',
  },
  {
    en: 'Enter at least {n} characters.',
    ja: '{n}文字以上である必要があります。',
    zh: '必须至少为{n}个字符。',
  },
  {
    en: 'Enter {n} characters or fewer.',
    ja: '{n}文字以下である必要があります。',
    zh: '必须最多为{n}个字符。',
  },
  {
    en: 'Enter one of the field options as a string.',
    ja: '選択肢のいずれかを文字列で入力してください。',
    zh: '请以字符串输入字段的一个选项。',
  },
  {
    en: '"{v}" is not an option. {msg}',
    ja: '"{v}"は選択肢にありません。{msg}',
    zh: '"{v}"不在选项中。{msg}',
  },
  { en: 'Options: {list}.', ja: '選択肢：{list}。', zh: '选项：{list}。' },
  {
    en: 'The field has no options.',
    ja: 'このフィールドには選択肢がありません。',
    zh: '该字段没有选项。',
  },
  {
    en: 'Enter an array of option names.',
    ja: '選択肢の名前を配列で入力してください。',
    zh: '请以数组输入选项名称。',
  },
  {
    en: 'Enter a date as YYYY-MM-DD.',
    ja: '日付はYYYY-MM-DDの形式で入力してください。',
    zh: '请以 YYYY-MM-DD 格式输入日期。',
  },
  {
    en: 'Enter a time as HH:MM.',
    ja: '時刻はHH:MMの形式で入力してください。',
    zh: '请以 HH:MM 格式输入时间。',
  },
  {
    en: 'Enter a date and time in ISO 8601 with a time zone, e.g. 2024-05-01T09:30:00Z.',
    ja: '日時はタイムゾーン付きのISO 8601形式で入力してください（例: 2024-05-01T09:30:00Z）。',
    zh: '请以带时区的 ISO 8601 格式输入日期和时间（例如 2024-05-01T09:30:00Z）。',
  },
  {
    en: 'Fields of type {type} cannot be written.',
    ja: '{type}型のフィールドには値を書き込めません。',
    zh: '无法写入{type}类型的字段。',
  },
  // `{code}` and `{fileKey}` are literal braces of the English text; as placeholders they capture
  // themselves and come back unchanged.
  {
    en: 'Enter an array of {code} objects.',
    ja: '{code} のオブジェクトを配列で入力してください。',
    zh: '请以数组输入 {code} 对象。',
  },
  {
    en: 'Enter an array of {fileKey} objects.',
    ja: '{fileKey} のオブジェクトを配列で入力してください。',
    zh: '请以数组输入 {fileKey} 对象。',
  },
  {
    en: 'Enter the code of a user, group or organization.',
    ja: 'ユーザー、グループ、または組織のコードを入力してください。',
    zh: '请输入用户、组或组织的代码。',
  },
  {
    en: 'No user has the login name "{login}".',
    ja: 'ログイン名「{login}」のユーザーは存在しません。',
    zh: '不存在登录名为“{login}”的用户。',
  },
  {
    en: 'No user has the login "{login}".',
    ja: 'ログイン名「{login}」のユーザーは存在しません。',
    zh: '不存在登录名为“{login}”的用户。',
  },
  {
    en: 'No group has the code "{code}"; the groups are {codes} (define groups with PUT /_emulator/directory).',
    ja: 'コード「{code}」のグループは存在しません。グループは {codes} です（グループは PUT /_emulator/directory で定義します）。',
    zh: '不存在代码为“{code}”的组。现有的组为 {codes}（请用 PUT /_emulator/directory 定义组）。',
  },
  {
    en: 'No group has the code "{code}"; no groups are defined (define groups with PUT /_emulator/directory).',
    ja: 'コード「{code}」のグループは存在しません。グループが定義されていません（グループは PUT /_emulator/directory で定義します）。',
    zh: '不存在代码为“{code}”的组。尚未定义任何组（请用 PUT /_emulator/directory 定义组）。',
  },
  {
    en: 'No organization has the code "{code}"; the organizations are {codes} (define organizations with PUT /_emulator/directory).',
    ja: 'コード「{code}」の組織は存在しません。組織は {codes} です（組織は PUT /_emulator/directory で定義します）。',
    zh: '不存在代码为“{code}”的组织。现有的组织为 {codes}（请用 PUT /_emulator/directory 定义组织）。',
  },
  {
    en: 'No organization has the code "{code}"; no organizations are defined (define organizations with PUT /_emulator/directory).',
    ja: 'コード「{code}」の組織は存在しません。組織が定義されていません（組織は PUT /_emulator/directory で定義します）。',
    zh: '不存在代码为“{code}”的组织。尚未定义任何组织（请用 PUT /_emulator/directory 定义组织）。',
  },
  {
    en: 'Enter the key returned by POST /k/v1/file.json.',
    ja: 'POST /k/v1/file.json が返したファイルキーを入力してください。',
    zh: '请输入 POST /k/v1/file.json 返回的文件键。',
  },
  {
    en: 'The file key "{key}" {msgWhy}; upload the file again with POST /k/v1/file.json and use the new key.',
    ja: 'ファイルキー「{key}」{msgWhy}。POST /k/v1/file.json でファイルをもう一度アップロードし、新しいキーを使用してください。',
    zh: '文件键“{key}”{msgWhy}。请用 POST /k/v1/file.json 重新上传文件并使用新的键。',
  },
  { en: 'was not found', ja: 'が見つかりません', zh: '不存在' },
  {
    en: 'was already used (an upload key attaches once)',
    ja: 'はすでに使用されています（アップロードキーで添付できるのは1回だけです）',
    zh: '已被使用（上传键只能附加一次）',
  },
  {
    en: 'has expired (upload keys expire 3 days after upload unless attached)',
    ja: 'の有効期限が切れています（添付されなかったアップロードキーはアップロードの3日後に失効します）',
    zh: '已过期（未附加的上传键在上传3天后失效）',
  },
  {
    en: 'The file (key "{key}") was not found. Use the fileKey that reading the attachment returns.',
    ja: '指定したファイル（key「{key}」）が見つかりません。添付ファイルを読み出して返される fileKey を使用してください。',
    zh: '未找到指定的文件（键“{key}”）。请使用读取附件时返回的 fileKey。',
  },
  {
    en: 'Enter the record as an object of field code -> {value}.',
    ja: 'レコードは、フィールドコードをキーとし {value} を値とするオブジェクトで入力してください。',
    zh: '请以“字段代码 -> {value}”的对象输入记录。',
  },

  // --- queries ------------------------------------------------------------------------------------
  {
    en: 'The limit must be {n} or less; use a cursor for more.',
    ja: 'limit には{n}以下の値を指定してください。それより多く取得するにはカーソルを使用してください。',
    zh: 'limit 必须小于等于{n}。要获取更多记录，请使用游标。',
  },
  {
    en: 'The offset must be {n} or less; use a cursor to read further.',
    ja: 'offset には{n}以下の値を指定してください。それより先を取得するにはカーソルを使用してください。',
    zh: 'offset 必须小于等于{n}。要继续读取，请使用游标。',
  },
  {
    en: 'A cursor query may not contain limit or offset; page with size instead.',
    ja: 'カーソルのクエリには limit と offset を指定できません。取得件数は size で指定してください。',
    zh: '游标的查询不能包含 limit 或 offset。请改用 size 分页。',
  },
  {
    en: "The {param} does not fit the app's fields: {msg}",
    ja: '{param} がアプリのフィールドと合いません: {msg}',
    zh: '{param} 与应用的字段不符：{msg}',
  },
  {
    en: 'The {param} is not valid: {detail}.',
    ja: '{param} の記述が正しくありません: {detail}。',
    zh: '{param} 的写法不正确：{detail}。',
  },
  {
    en: '{msg} (at position {n} of the {param})',
    ja: '{msg}（{param} の位置 {n}）',
    zh: '{msg}（{param} 的位置 {n}）',
  },
  {
    en: 'The field "{code}" is not in the app; check the field code (codes are case-sensitive).',
    ja: '指定されたフィールド（code: {code}）が見つかりません。フィールドコードを確認してください（大文字と小文字は区別されます）。',
    zh: '未找到指定的字段（code: {code}）。请检查字段代码（区分大小写）。',
  },
  {
    en: 'The operator "{op}" cannot be used on "{code}", a field inside the table "{table}"; use "{use}".',
    ja: 'テーブル「{table}」内のフィールド「{code}」には演算子「{op}」を使用できません。「{use}」を使用してください。',
    zh: '表格“{table}”内的字段“{code}”不能使用运算符“{op}”。请使用“{use}”。',
  },
  // The variants naming the table come before the general entries, whose {type} would take them.
  {
    en: 'The operator "{op}" cannot be used on "{code}" ({type} inside the table "{table}"); use {ops}.',
    ja: 'テーブル「{table}」内のフィールド「{code}」（{type}）には演算子「{op}」を使用できません。{ops} を使用してください。',
    zh: '表格“{table}”内的字段“{code}”（{type}）不能使用运算符“{op}”。请使用 {ops}。',
  },
  {
    en: 'The operator "{op}" cannot be used on "{code}" ({type}); use {ops}.',
    ja: 'フィールド「{code}」（{type}）には演算子「{op}」を使用できません。{ops} を使用してください。',
    zh: '字段“{code}”（{type}）不能使用运算符“{op}”。请使用 {ops}。',
  },
  {
    en: 'Records cannot be sorted by "{code}" ({type}) (it is inside the table "{table}"); sort by another field.',
    ja: 'テーブル「{table}」内のフィールド「{code}」（{type}）ではレコードを並べ替えられません。ほかのフィールドで並べ替えてください。',
    zh: '无法按表格“{table}”内的字段“{code}”（{type}）对记录排序。请按其他字段排序。',
  },
  {
    en: 'Records cannot be sorted by "{code}" ({type}); sort by another field.',
    ja: 'フィールド「{code}」（{type}）ではレコードを並べ替えられません。ほかのフィールドで並べ替えてください。',
    zh: '无法按字段“{code}”（{type}）对记录排序。请按其他字段排序。',
  },
  {
    en: 'The cursor "{id}" does not exist: it was deleted, read to its last page, or expired after 10 minutes without a read. Create a new one.',
    ja: '指定したカーソル（{id}）は存在しません。削除されたか、最後まで読み出されたか、10分間読み出されずに期限切れになりました。新しいカーソルを作成してください。',
    zh: '指定的游标（{id}）不存在：它已被删除、已读取到最后一页，或因 10 分钟未读取而过期。请创建新的游标。',
  },
  {
    en: 'The app {app} has used its {n} API requests for {day} (the day starts at 00:00 UTC, 09:00 JST). The hosted platform would carry the call out and mail the administrator; this local service refuses it because a daily limit was set (PUT /_emulator/quota with {"limit": null} lifts it).',
    ja: 'アプリ{app}は{day}のAPIリクエスト数の上限（{n}件）に達しています（1日はUTC 0時、日本時間9時に始まります）。本来のサービスでは実行され、管理者に通知されます。このローカルサービスは1日の上限が設定されているため拒否しました（PUT /_emulator/quota に {"limit": null} を送ると解除されます）。',
    zh: '应用{app}已用完{day}的{n}次API请求（每天从UTC 0点、日本时间9点开始）。原服务会执行该请求并通知管理员；此本地服务因设置了每日上限而拒绝（向 PUT /_emulator/quota 发送 {"limit": null} 可解除）。',
  },
  {
    en: 'At most {n} cursors can be open; read the others to their end or delete them first.',
    ja: '同時に作成できるカーソルは{n}個までです。ほかのカーソルを最後まで読み出すか、削除してください。',
    zh: '最多可同时打开{n}个游标。请先将其他游标读取到最后或将其删除。',
  },

  // --- process management -----------------------------------------------------------------------
  {
    // en and ja: the platform's own (SonicGarden/kintone-emulator, real-kintone-notes.md); zh ours.
    en: 'Your request failed. The process management feature has been disabled.',
    ja: '操作に失敗しました。プロセス管理機能が無効化されています。',
    zh: '操作失败。流程管理功能已被禁用。',
  },
  {
    // en and ja: the platform's own (SonicGarden/kintone-emulator, real-kintone-notes.md); zh ours.
    en: 'Failed to update the status. The settings or the status itself may have been changed by someone.',
    ja: 'ステータスの変更に失敗しました。ほかのユーザーがステータス、またはステータスの設定を変更した可能性があります。',
    zh: '状态更新失败。其他用户可能已更改了状态或状态设置。',
  },
  {
    en: 'The action "{action}" cannot run on record {id}: {msg}.',
    ja: 'アクション「{action}」はレコード {id} では実行できません: {msg}。',
    zh: '无法对记录 {id} 执行操作“{action}”：{msg}。',
  },
  {
    en: 'the process settings have no action "{action}"',
    ja: 'プロセス管理の設定にアクション「{action}」がありません',
    zh: '流程管理设置中没有操作“{action}”',
  },
  {
    en: 'the record does not meet its condition ({cond})',
    ja: 'レコードがアクションの条件（{cond}）を満たしていません',
    zh: '记录不满足该操作的条件（{cond}）',
  },
  {
    en: 'The action "{action}" leads to "{to}", which is not a status.',
    ja: 'アクション「{action}」の遷移先「{to}」はステータスではありません。',
    zh: '操作“{action}”的目标“{to}”不是状态。',
  },
  {
    // ja: the platform's own wording for GAIA_SA01 (SonicGarden/kintone-emulator, real-kintone-notes.md).
    en: 'Specify the assignee: the status "{status}" needs one chosen from {list}.',
    ja: '作業者を指定してください。',
    zh: '请指定处理人：状态“{status}”需要从 {list} 中选择一名。',
  },
  {
    en: '"{v}" is not a candidate for "{status}"; choose from {list}.',
    ja: '"{v}"はステータス「{status}」の作業者の候補ではありません。{list} から選択してください。',
    zh: '"{v}"不是状态“{status}”的处理人候选。请从 {list} 中选择。',
  },
  {
    en: 'The first status "{status}" takes the assignee type ONE only.',
    ja: '先頭のステータス「{status}」の作業者の指定形式は ONE のみです。',
    zh: '第一个状态“{status}”的处理人类型只能为 ONE。',
  },
  {
    en: 'The first status "{status}" takes no assignee but the creator field "{code}" (FIELD_ENTITY).',
    ja: '先頭のステータス「{status}」の作業者には、作成者フィールド「{code}」（FIELD_ENTITY）以外は指定できません。',
    zh: '第一个状态“{status}”的处理人只能指定创建人字段“{code}”（FIELD_ENTITY）。',
  },
  {
    en: 'executableUser is only for a SECONDARY action; leave it out of a PRIMARY one.',
    ja: 'executableUser は SECONDARY のアクションにのみ指定できます。PRIMARY のアクションには指定しないでください。',
    zh: 'executableUser 只能用于 SECONDARY 操作。请勿在 PRIMARY 操作中指定。',
  },
  {
    en: 'Required (an empty array removes all).',
    ja: '必須です（空の配列を指定すると全員を外します）。',
    zh: '必填（指定空数组将移除全部）。',
  },

  // --- common parameter checks (http/params.ts) ---------------------------------------------------
  { en: 'Enter an integer.', ja: '整数を入力してください。', zh: '请输入整数。' },
  { en: 'Enter a positive integer id.', ja: '正の整数のIDを入力してください。', zh: '请输入正整数 ID。' },
  {
    en: 'Enter a value of {n} or more.',
    ja: '{n}以上である必要があります。',
    zh: '必须大于等于{n}。',
  },
  {
    en: 'Enter a value of {n} or less.',
    ja: '{n}以下である必要があります。',
    zh: '必须小于等于{n}。',
  },
  // The User API refuses ids and codes together (kintone.dev, Get Groups / Get Departments).
  {
    en: 'Specify either ids or codes, not both.',
    ja: 'idsとcodesは同時に指定できません。',
    zh: 'ids 和 codes 不能同时指定。',
  },
  { en: 'Enter true or false.', ja: 'true または false を入力してください。', zh: '请输入 true 或 false。' },
  { en: 'Enter an object.', ja: 'オブジェクトを入力してください。', zh: '请输入对象。' },
  { en: 'Enter an array.', ja: '配列を入力してください。', zh: '请输入数组。' },
  {
    en: 'Enter an array ({name}: [...]), even for one value.',
    ja: '値が1つでも配列（{name}: [...]）で入力してください。',
    zh: '即使只有一个值，也请以数组（{name}: [...]）输入。',
  },
  {
    en: 'Enter {n} items or fewer.',
    ja: '{n}件以下である必要があります。',
    zh: '最多只能有{n}项。',
  },
  { en: 'Enter a field code.', ja: 'フィールドコードを入力してください。', zh: '请输入字段代码。' },
  {
    en: 'Enter USER, GROUP or ORGANIZATION.',
    ja: 'USER、GROUP、ORGANIZATION のいずれかを入力してください。',
    zh: '请输入 USER、GROUP 或 ORGANIZATION。',
  },
  // Lookups and related-records tables name live apps and fields only (validate/related.ts).
  {
    en: 'The related app (id: {id}) has never been deployed: deploy it before a lookup or related-records table names it.',
    ja: '関連付けるアプリ（id: {id}）は運用環境に反映されていません。ルックアップや関連レコード一覧で参照する前に、アプリを運用環境に反映してください。',
    zh: '关联的应用（id: {id}）尚未发布到正式环境。请先发布该应用，再在Lookup或关联记录列表中引用它。',
  },
  {
    en: 'The field "{code}" of the related app (id: {id}) is not live: deploy that app first.',
    ja: '関連付けるアプリ（id: {id}）のフィールド「{code}」は運用環境にありません。先にそのアプリを運用環境に反映してください。',
    zh: '关联的应用（id: {id}）的字段“{code}”不在正式环境中。请先发布该应用。',
  },
  {
    en: 'The field "{code}" does not exist in the related app.',
    ja: '関連付けるアプリにフィールド「{code}」がありません。',
    zh: '关联的应用中不存在字段“{code}”。',
  },
  {
    en: 'The related app ({app}) does not exist.',
    ja: '関連付けるアプリ（{app}）が見つかりません。',
    zh: '未找到关联的应用（{app}）。',
  },
  { en: 'Enter one of {list}.', ja: '{list} のいずれかを入力してください。', zh: '请输入 {list} 之一。' },
  {
    en: 'Include the view "{name}": process management is enabled.',
    ja: 'プロセス管理が有効なため、一覧「{name}」を指定してください。',
    zh: '流程管理已启用，请指定列表“{name}”。',
  },
  {
    en: 'The {type} field cannot be changed through the fields API; leave "{key}" as it is.',
    ja: '{type} フィールドはフィールドの設定を変更するAPIでは変更できません。「{key}」は変更しないでください。',
    zh: '无法通过字段设置 API 更改 {type} 字段；请勿更改“{key}”。',
  },
  // A bulk request names the request whose check failed before that check's own message.
  { en: 'requests[{i}].{part}: {msg}', ja: 'requests[{i}].{part}: {msg}', zh: 'requests[{i}].{part}: {msg}' },
];
