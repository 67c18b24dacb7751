/**
 * Word lists that turn attribute phrases and objects into normalized semantic keys. Keys are shared
 * between English and Chinese where the attribute is the same (邮箱 and "email" both give
 * user.contact.email), so a fact stated in one language is updated by a statement in the other.
 */

/** Attribute phrase (English, lower case, or Chinese) → key suffix under `user.`. */
export const ATTRIBUTE_KEYS: Record<string, string> = {
  name: 'name', 'full name': 'name', 'first name': 'name', 'real name': 'name', 'given name': 'name',
  nickname: 'nickname', 'last name': 'surname', surname: 'surname', 'family name': 'surname',
  email: 'contact.email', 'e-mail': 'contact.email', 'email address': 'contact.email', 'e-mail address': 'contact.email', mail: 'contact.email',
  phone: 'contact.phone', 'phone number': 'contact.phone', number: 'contact.phone', cell: 'contact.phone', 'cell number': 'contact.phone',
  'cell phone number': 'contact.phone', mobile: 'contact.phone', 'mobile number': 'contact.phone', telephone: 'contact.phone', 'telephone number': 'contact.phone',
  address: 'address', 'home address': 'address', 'street address': 'address',
  birthday: 'birthday', bday: 'birthday', 'date of birth': 'birthday', 'birth date': 'birthday', birthdate: 'birthday', dob: 'birthday',
  job: 'occupation', 'job title': 'occupation', occupation: 'occupation', profession: 'occupation', title: 'occupation', position: 'occupation', role: 'occupation', career: 'occupation',
  employer: 'employer', company: 'employer', workplace: 'employer', firm: 'employer', 'current employer': 'employer',
  wife: 'partner', husband: 'partner', spouse: 'partner', partner: 'partner', girlfriend: 'partner', boyfriend: 'partner',
  fiance: 'partner', fiancee: 'partner', 'fiancé': 'partner', 'fiancée': 'partner', 'significant other': 'partner',
  diet: 'diet', hometown: 'hometown', 'home town': 'hometown', birthplace: 'birthplace',
  home: 'residence', city: 'residence', 'home city': 'residence', 'current city': 'residence', residence: 'residence', location: 'residence',
  age: 'age', car: 'vehicle', vehicle: 'vehicle', ride: 'vehicle', motorcycle: 'vehicle', motorbike: 'vehicle',
  school: 'school', university: 'school', college: 'school', uni: 'school', 'high school': 'school',
  major: 'field_of_study', 'field of study': 'field_of_study', degree: 'degree',
  editor: 'editor', 'text editor': 'editor', 'code editor': 'editor', ide: 'editor',
  os: 'operating_system', 'operating system': 'operating_system', browser: 'browser', shell: 'shell',
  'programming language': 'programming_language', 'native language': 'native_language', 'first language': 'native_language', 'mother tongue': 'native_language',
  timezone: 'timezone', 'time zone': 'timezone', nationality: 'nationality', citizenship: 'nationality',
  hobby: 'hobby', hobbies: 'hobby', goal: 'goal', religion: 'religion', pronouns: 'pronouns', height: 'height', weight: 'weight',
  username: 'username', handle: 'username', website: 'website', 'blood type': 'blood_type',
  // Chinese
  名字: 'name', 姓名: 'name', 全名: 'name', 昵称: 'nickname', 小名: 'nickname', 姓: 'surname', 姓氏: 'surname',
  邮箱: 'contact.email', 电子邮箱: 'contact.email', 电子邮件: 'contact.email', 邮件地址: 'contact.email', 邮箱地址: 'contact.email', 电邮: 'contact.email',
  电话: 'contact.phone', 手机: 'contact.phone', 手机号: 'contact.phone', 手机号码: 'contact.phone', 电话号码: 'contact.phone', 号码: 'contact.phone', 联系电话: 'contact.phone',
  地址: 'address', 住址: 'address', 家庭住址: 'address',
  生日: 'birthday', 出生日期: 'birthday',
  工作: 'occupation', 职业: 'occupation', 职位: 'occupation', 岗位: 'occupation', 职务: 'occupation',
  公司: 'employer', 单位: 'employer', 雇主: 'employer', 东家: 'employer',
  老婆: 'partner', 妻子: 'partner', 太太: 'partner', 爱人: 'partner', 老公: 'partner', 丈夫: 'partner', 男朋友: 'partner', 女朋友: 'partner',
  男友: 'partner', 女友: 'partner', 伴侣: 'partner', 对象: 'partner', 未婚妻: 'partner', 未婚夫: 'partner',
  家乡: 'hometown', 老家: 'hometown', 出生地: 'birthplace', 家: 'residence', 城市: 'residence', 所在城市: 'residence', 居住地: 'residence',
  年龄: 'age', 车: 'vehicle', 汽车: 'vehicle', 座驾: 'vehicle', 学校: 'school', 大学: 'school', 母校: 'school',
  专业: 'field_of_study', 学位: 'degree', 编辑器: 'editor', 操作系统: 'operating_system', 浏览器: 'browser', 编程语言: 'programming_language',
  母语: 'native_language', 饮食: 'diet', 时区: 'timezone', 国籍: 'nationality', 爱好: 'hobby', 兴趣: 'hobby', 兴趣爱好: 'hobby', 目标: 'goal',
  宗教: 'religion', 身高: 'height', 体重: 'weight', 用户名: 'username', 血型: 'blood_type',
};

/** Pets: English and Chinese → canonical English noun. */
export const PETS: Record<string, string> = {
  dog: 'dog', puppy: 'dog', cat: 'cat', kitten: 'cat', kitty: 'cat', rabbit: 'rabbit', bunny: 'rabbit', hamster: 'hamster', parrot: 'parrot',
  tabby: 'cat', pup: 'dog', doggo: 'dog', budgie: 'bird', parakeet: 'bird', bird: 'bird', fish: 'fish', goldfish: 'fish', betta: 'fish', turtle: 'turtle', tortoise: 'turtle', snake: 'snake', lizard: 'lizard', horse: 'horse',
  'guinea pig': 'guinea_pig', ferret: 'ferret',
  狗: 'dog', 小狗: 'dog', 狗狗: 'dog', 猫: 'cat', 小猫: 'cat', 猫咪: 'cat', 兔子: 'rabbit', 小兔子: 'rabbit', 仓鼠: 'hamster', 鹦鹉: 'parrot',
  鸟: 'bird', 鱼: 'fish', 金鱼: 'fish', 乌龟: 'turtle', 蛇: 'snake', 马: 'horse', 宠物: 'pet',
};

/** Relatives whose name can be stated ("my sister's name is …"). */
export const FAMILY: Record<string, string> = {
  mother: 'mother', mom: 'mother', mum: 'mother', father: 'father', dad: 'father', sister: 'sister', brother: 'brother', son: 'son',
  daughter: 'daughter', kid: 'child', child: 'child', baby: 'child', grandmother: 'grandmother', grandma: 'grandmother', grandfather: 'grandfather',
  'baby boy': 'child', 'baby girl': 'child', 'little one': 'child', youngest: 'child', eldest: 'child', oldest: 'child', toddler: 'child',
  grandpa: 'grandfather', aunt: 'aunt', uncle: 'uncle', cousin: 'cousin', boss: 'boss', manager: 'manager', 'best friend': 'best_friend', roommate: 'roommate',
  妈妈: 'mother', 母亲: 'mother', 爸爸: 'father', 父亲: 'father', 姐姐: 'sister', 妹妹: 'sister', 哥哥: 'brother', 弟弟: 'brother', 儿子: 'son',
  女儿: 'daughter', 孩子: 'child', 奶奶: 'grandmother', 外婆: 'grandmother', 爷爷: 'grandfather', 外公: 'grandfather', 老板: 'boss',
  领导: 'boss', 经理: 'manager', 室友: 'roommate', 好朋友: 'best_friend', 闺蜜: 'best_friend',
};

/** Objects whose category is known: "I use Neovim" → user.editor. */
const CATEGORY_WORDS: Array<[string, string[]]> = [
  ['editor', ['vim', 'neovim', 'nvim', 'emacs', 'vscode', 'vs code', 'visual studio code', 'sublime', 'sublime text', 'atom', 'intellij', 'intellij idea', 'pycharm', 'webstorm', 'goland', 'clion', 'rider', 'nano', 'helix', 'zed', 'cursor', 'xcode', 'eclipse', 'notepad++', 'vs', 'visual studio', 'android studio', 'spacemacs', 'doom emacs', 'kakoune']],
  ['programming_language', ['python', 'javascript', 'typescript', 'java', 'rust', 'go', 'golang', 'c++', 'c#', 'c', 'ruby', 'php', 'kotlin', 'swift', 'scala', 'haskell', 'elixir', 'erlang', 'clojure', 'perl', 'r', 'julia', 'dart', 'lua', 'zig', 'ocaml', 'f#', 'objective-c', 'fortran', 'cobol', 'nim', 'crystal']],
  ['operating_system', ['linux', 'ubuntu', 'debian', 'fedora', 'arch', 'arch linux', 'windows', 'windows 10', 'windows 11', 'macos', 'mac', 'os x', 'mac os', 'freebsd', 'nixos', 'manjaro', 'mint', 'linux mint', 'centos', 'chromeos']],
  ['browser', ['chrome', 'google chrome', 'firefox', 'safari', 'edge', 'microsoft edge', 'brave', 'arc', 'opera', 'vivaldi', 'chromium']],
  ['shell', ['bash', 'zsh', 'fish', 'powershell', 'nushell', 'tcsh', 'ksh']],
  ['laptop', ['thinkpad', 'macbook', 'macbook pro', 'macbook air', 'dell xps', 'xps', 'surface', 'surface laptop', 'chromebook', 'framework', 'zenbook', 'spectre', 'pavilion', 'latitude', 'ideapad', 'razer blade']],
  ['phone', ['iphone', 'android', 'pixel', 'galaxy', 'samsung galaxy', 'oneplus', 'xiaomi', 'huawei', '苹果手机', '安卓手机', '华为手机', '小米手机']],
];
const CATEGORY_OF = new Map<string, string>();
for (const [cat, words] of CATEGORY_WORDS) for (const w of words) CATEGORY_OF.set(w, cat);

/** The category of a named tool/language/OS (first word sequence that is known), or null. */
export function categoryOf(object: string): string | null {
  const o = object.toLowerCase().replace(/[.!,;]+$/, '').trim();
  if (CATEGORY_OF.has(o)) return CATEGORY_OF.get(o)!;
  const words = o.split(/\s+/);
  for (let n = Math.min(3, words.length); n >= 1; n--) {
    const head = words.slice(0, n).join(' ');
    if (CATEGORY_OF.has(head)) return CATEGORY_OF.get(head)!;
  }
  if (/(编辑器)$/.test(o)) return 'editor';
  // "Windows系统", "Mac电脑": the category word after the name
  const named = /^(.+?)(?:系统|电脑|操作系统|浏览器|手机)$/u.exec(o);
  if (named && named[1] !== o) return categoryOf(named[1]!);
  return null;
}

export const DIETS = [
  'vegan', 'vegetarian', 'pescatarian', 'pescetarian', 'flexitarian', 'keto', 'ketogenic', 'paleo', 'carnivore', 'gluten-free', 'gluten free',
  'dairy-free', 'dairy free', 'lactose intolerant', 'lactose-intolerant', 'halal', 'kosher', 'plant-based', 'plant based', 'raw vegan',
  'low-carb', 'low carb', 'intermittent fasting', 'mediterranean', 'omnivore',
];
export const DIET_RE = new RegExp(`^(?:a\\s+|an\\s+)?(?:strict\\s+|full\\s+|fully\\s+|mostly\\s+)?(${DIETS.map((d) => d.replace(/[-\s]/g, '[-\\s]')).join('|')})(?:\\s+(?:diet|now|these\\s+days))?$`, 'i');

export const NATIONALITIES = new Set([
  'american', 'british', 'english', 'scottish', 'welsh', 'irish', 'canadian', 'australian', 'german', 'french', 'italian', 'spanish', 'portuguese',
  'dutch', 'belgian', 'swiss', 'austrian', 'swedish', 'norwegian', 'danish', 'finnish', 'polish', 'czech', 'russian', 'ukrainian', 'greek', 'turkish',
  'chinese', 'japanese', 'korean', 'indian', 'pakistani', 'vietnamese', 'thai', 'filipino', 'indonesian', 'malaysian', 'singaporean', 'mexican',
  'brazilian', 'argentinian', 'argentine', 'chilean', 'colombian', 'peruvian', 'egyptian', 'nigerian', 'kenyan', 'south african', 'israeli',
  'iranian', 'new zealander', 'hungarian', 'romanian', 'bulgarian', 'croatian', 'serbian', 'taiwanese',
]);

const VEHICLE_WORDS = /\b(car|suv|truck|pickup|van|minivan|sedan|hatchback|convertible|coupe|motorcycle|motorbike|scooter|moped|e-?bike|tesla|toyota|honda|bmw|audi|mercedes|benz|ford|volkswagen|vw|volvo|subaru|nissan|kia|hyundai|mazda|porsche|jeep|chevrolet|chevy|lexus|prius|civic|corolla|camry|model [3sxy]|mini cooper|fiat|peugeot|renault|skoda|jaguar|land rover|range rover|ferrari|lamborghini|byd|nio|rivian|polestar|harley|ducati|yamaha|kawasaki|vespa)\b/i;
export function isVehicle(object: string): boolean {
  return VEHICLE_WORDS.test(object) || /(车|特斯拉|宝马|奔驰|奥迪|丰田|本田|大众|比亚迪|蔚来|理想|小鹏|摩托)/.test(object);
}

/** Nouns that name an occupation even though their suffix does not say so. */
const OCCUPATIONS = new Set([
  'nurse', 'doctor', 'chef', 'cook', 'student', 'surgeon', 'dentist', 'pilot', 'architect', 'accountant', 'attorney', 'lawyer', 'judge', 'professor',
  'lecturer', 'tutor', 'barista', 'bartender', 'waiter', 'waitress', 'cashier', 'clerk', 'nanny', 'firefighter', 'paramedic', 'pharmacist', 'vet',
  'veterinarian', 'journalist', 'editor', 'author', 'poet', 'artist', 'musician', 'actor', 'actress', 'model', 'photographer', 'carpenter', 'plumber',
  'electrician', 'mechanic', 'farmer', 'soldier', 'officer', 'detective', 'cop', 'consultant', 'analyst', 'intern', 'freelancer', 'contractor', 'ceo',
  'cto', 'cfo', 'coo', 'founder', 'cofounder', 'co-founder', 'entrepreneur', 'engineer', 'developer', 'programmer', 'designer', 'scientist', 'researcher',
  'teacher', 'manager', 'director', 'librarian', 'therapist', 'psychologist', 'psychiatrist', 'economist', 'sales rep', 'salesperson', 'realtor',
  'secretary', 'assistant', 'translator', 'interpreter', 'coach', 'trainer', 'dev', 'sre', 'devops', 'pm', 'phd student', 'postdoc', 'retiree',
  'housewife', 'homemaker', 'stay-at-home parent', 'product manager', 'data scientist', 'software engineer', 'web developer',
  'associate', 'guide', 'agent', 'representative', 'rep', 'specialist', 'coordinator', 'administrator', 'technician', 'driver', 'volunteer', 'lead',
  'executive', 'auditor', 'pharmacist', 'dentist', 'plumber', 'electrician', 'cashier', 'clerk', 'staff', 'employee', 'apprentice', 'resident',
]);
const NOT_OCCUPATIONS = new Set([
  'father', 'mother', 'brother', 'sister', 'daughter', 'member', 'beginner', 'lover', 'user', 'fan', 'owner', 'newcomer', 'foreigner', 'person',
  'vegetarian', 'fighter', 'believer', 'number', 'partner', 'stranger', 'learner', 'introvert', 'extrovert', 'morning person', 'night owl',
  'customer', 'player', 'gamer', 'runner', 'reader', 'dreamer', 'thinker', 'perfectionist', 'optimist', 'pessimist', 'smoker', 'drinker',
]);

/** Whether the head noun of "I am a/an <np>" names an occupation. */
export function isOccupation(np: string): boolean {
  if (/^(?:stay-at-home|full-time|part-time)\s+(?:mom|mum|dad|parent|mother|father)\b|^(?:retiree|homemaker)$/i.test(np.trim())) return true;
  const words = np.toLowerCase().replace(/[^a-z\s-]/g, '').trim().split(/\s+/);
  const head = words[words.length - 1] ?? '';
  const last2 = words.slice(-2).join(' ');
  if (NOT_OCCUPATIONS.has(head) || NOT_OCCUPATIONS.has(last2)) return false;
  if (OCCUPATIONS.has(head) || OCCUPATIONS.has(last2)) return true;
  return /(?:eer|ist|ician|ologist|grapher|writer|maker|keeper|smith|worker|man|woman|er|or|ant|ent)$/.test(head) && head.length > 4;
}

/** Chinese occupation nouns (by suffix or list). */
export function isChineseOccupation(np: string): boolean {
  return /(师|员|生|家|工|手|官|长|医生|护士|老师|律师|会计|总监|经理|主管|老板|创始人|合伙人|研究员|博士|学者|编辑|记者|作家|画家|歌手|演员|司机|厨师|保安|警察|军人|农民|主播|博主|自由职业者|实习生|CEO|CTO)$/i.test(np);
}

/** A name that reads as an organisation, not a place ("Goldman Sachs", "Acme Inc", "Deloitte Consulting"): "moved to X" is then a job change. */
const ORG_WORD = /\b(?:Inc|LLC|Ltd|Corp|Corporation|Co|Company|Group|Bank|Capital|Partners|Labs|Technologies|Tech|Consulting|Systems|Solutions|Sachs|Stanley|Associates|Studios?|Holdings|Ventures|Software|Analytics|Agency|Insurance|Pharma|Pharmaceuticals|Motors|Airlines|Foods|Media|Health|Networks|Robotics|AI)\.?$/;
export function isOrganisation(name: string): boolean {
  return ORG_WORD.test(name.trim());
}
