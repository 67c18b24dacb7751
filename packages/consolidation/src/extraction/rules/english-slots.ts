import { draft, type FactDraft } from './draft';
import type { ClauseContext } from './clause';
import { valueSpan } from './english-changes';
import { categoryOf, INSTRUMENTS, isLikeKnownEmployer, isOrganisation, isVehicle, SPORTS } from './lexicon';
import { cleanEnglishObject, gerundToBase, slug, toThirdPerson } from './text';

/**
 * Slot frames (English): a statement is read by what it says about which slot — the frame's head
 * words and the shape of its value — wherever the frame sits in a prepared first-person clause,
 * not by a whole-sentence template: "we relocated up to Minneapolis", "I'm in Boulder these days"
 * (said of a user whose city is known), "starting at KPMG on Monday", "I report to Marcus now",
 * "I'm up to 20 books", "I'm on the infra team", "I take metformin for my diabetes".
 */

type Rule = (c: string, ctx: ClauseContext) => FactDraft[] | null;

const S = String.raw`^[Ii]\s+(?:(?:just|recently|finally|now|also|actually|officially|have|had|then|eventually|already|really|still|currently|got)\s+)*`;
const PROPER = String.raw`((?:the\s+)?[\p{Lu}\d][\p{L}\p{N}'’.&-]*(?:\s+(?:[\p{Lu}\d][\p{L}\p{N}'’.&-]*|of|de|la|del|and|&|on|upon|am|im)){0,5})`;
const knows = (ctx: ClauseContext, key: string) => ctx.known.some((k) => k.key === key);
const TEMPORAL_NOW =
  /\b(?:now|these\s+days|nowadays|currently|at\s+the\s+moment|for\s+good|full[-\s]time|permanently|since\s+\w+)\b/i;
const NOT_PLACE =
  /^(?:the\s+)?(?:[A-Z][a-z]+\s+)?(?:department|dept|team|office|class|meeting|school|hospital|queue|line|charge|love|trouble|bed|shape|town|mood|middle|process|car)\b/i;

const DRUG =
  /^[a-z][a-z-]{3,}(?:in|ol|ide|pril|sartan|statin|mab|pam|lam|ine|one|fen|cin|zole|olol|pine|tide|mide|xetine|done|zepam|vir|lin|mycin|cillin)$|^(?:ozempic|wegovy|insulin|aspirin|ibuprofen|tylenol|advil|prozac|zoloft|lexapro|xanax|adderall|ritalin|synthroid|lipitor|crestor|humira|symbicort|ventolin|albuterol|metformin|levothyroxine|lisinopril|amlodipine|atorvastatin|sertraline|omeprazole)$/i;
const MONEY = String.raw`((?:[$€£¥]\s?\d[\d,.]*(?:\s?[kKmM])?|\d[\d,.]*\s?(?:dollars|euros|pounds|bucks|usd|eur|gbp|k))(?:\s+(?:a|per|an|each)\s+(?:year|month|week|hour|day))?)`;
const COUNT_NOUN_SKIP =
  /^(?:year|month|week|day|hour|minute|time|times|more|of|percent|mg|kg|lbs?|pounds?|km|miles?|am|pm|dollars?|euros?|bucks|k|now|today|tonight|sharp|every|each|these|this|then|again|anymore|instead|in|on|a|an|per|and|or|but|so|because|o'clock|ish)$/i;
const singular = (w: string) => w.replace(/(?:ies)$/i, 'y').replace(/(?<=[^s])s$/i, '');
const DAYS = String.raw`((?:(?:mon|tues|wednes|thurs|fri|satur|sun)days?|weekends?|weekdays|every\s+(?:day|other\s+day|morning|evening))(?:(?:\s*,\s*|\s+(?:and|&|or)\s+)(?:(?:mon|tues|wednes|thurs|fri|satur|sun)days?|weekends?))*(?:\s+only)?)`;

function team(name: string, unit: string): FactDraft {
  const v = `${cleanEnglishObject(name).replace(/^the\s+/i, '')} ${unit.toLowerCase().replace(/^dept$/, 'department')}`;
  return draft('team', v, 0.85, { content: `User is on the ${v}` });
}

export const SLOT_RULES: Rule[] = [
  // "I've been hired by Capgemini", "Infosys hired me", "I got poached by Stripe": the employer
  (c) => {
    const m =
      new RegExp(
        S +
          String.raw`(?:been\s+|was\s+|got\s+|am\s+)(?:hired|recruited|poached|headhunted|taken\s+on|brought\s+on)\s+(?:by|at)\s+` +
          PROPER,
        'u',
      ).exec(c) ??
      new RegExp(
        String.raw`(?:^|\bbut\s+|\band\s+)` +
          PROPER +
          String.raw`\s+(?:hired|recruited|poached|headhunted|offered\s+me\s+a\s+(?:job|position|role))\s+me\b`,
        'u',
      ).exec(c);
    if (!m) return null;
    const v = cleanEnglishObject(m[1]!);
    return v && !/^(?:they|he|she|it|who|which|that|someone|somebody|nobody)$/i.test(v)
      ? [draft('employer', v, 0.85)]
      : null;
  },
  // "I call Adelaide home now", "Adelaide is home now" (the second form is read below)
  (c) => {
    const m = new RegExp(S + String.raw`(?:now\s+)?call\s+` + PROPER + String.raw`\s+home\b`, 'u').exec(c);
    return m ? [draft('residence', cleanEnglishObject(m[1]!), 0.85)] : null;
  },
  // residence: moved/relocated/settled with particles ("relocated up to", "moved across town to")
  (c, ctx) => {
    const m = new RegExp(
      S +
        String.raw`(?:have\s+)?(?:moved|relocated|settled|ended\s+up|emigrated|immigrated)(?:\s+(?:up|down|over|back|out|across\s+town|across\s+the\s+country|home|here|there|abroad))*\s+(?:to|into|in)\s+(?:(?:a|an|our|my)\s+(?:new\s+|bigger\s+|smaller\s+|little\s+|nice\s+|rented\s+)*(?:place|flat|apartment|house|home|condo|studio|townhouse)\s+(?:in|near|outside(?:\s+of)?)\s+)?(.+)$`,
      'i',
    ).exec(c);
    if (!m || (/^(?:a|an|the|my|our)\s/i.test(m[1]!) && !/^the\s+\p{Lu}/u.test(m[1]!))) return null;
    const v = valueSpan(m[1]!);
    if (v && (isOrganisation(v) || isLikeKnownEmployer(v, ctx.known))) return [draft('employer', v, 0.84)];
    return v && (/^\p{Lu}/u.test(v) || c === c.toLowerCase()) && !NOT_PLACE.test(v) && !categoryOf(v) && !isVehicle(v)
      ? [draft('residence', v, 0.88)]
      : null;
  },
  // "bought a place in Walthamstow", "closed on a house in Queens", "we found an apartment in Lyon"
  (c) => {
    const m = new RegExp(
      S +
        String.raw`(?:(?:have\s+)?(?:just\s+|finally\s+)?(?:bought|rented|got|found|closed\s+on|moved\s+into|signed\s+(?:a\s+lease\s+)?(?:on|for))|are\s+renting|am\s+renting|rent|own)\s+(?:a|an|our|my)\s+(?:(?:very\s+)?[a-z-]+\s+){0,2}?(?:place|house|home|flat|apartment|condo|townhouse|studio|loft|bungalow|cottage)(?:\s+of\s+(?:my|our)\s+own)?\s+(?:in|near|on\s+the\s+outskirts\s+of|just\s+outside(?:\s+of)?)\s+(.+)$`,
      'i',
    ).exec(c);
    if (!m) return null;
    const v = valueSpan(m[1]!);
    return v && /^\p{Lu}/u.test(v) ? [draft('residence', v, 0.82)] : null;
  },
  // "I'm in Boulder these days", "we're back in Leeds": a place said of a user whose city is known, or said to hold now
  (c, ctx) => {
    const m = new RegExp(
      S +
        String.raw`am\s+(?:now\s+|currently\s+|still\s+|back\s+|finally\s+|officially\s+)*(?:(?:over|out|down|up|back)\s+)?in\s+(.+)$`,
      'i',
    ).exec(c);
    if (!m) return null;
    const v = valueSpan(m[1]!);
    if (!v || !/^\p{Lu}/u.test(v) || NOT_PLACE.test(v)) return null;
    return knows(ctx, 'user.residence') || TEMPORAL_NOW.test(c) ? [draft('residence', v, 0.8)] : null;
  },
  // "Munich is home now", "Lisbon is our home"
  (c) => {
    const m = new RegExp(
      String.raw`^${PROPER}\s+(?:is|has\s+become|became)\s+(?:now\s+)?(?:my\s+|our\s+)?(?:new\s+)?home\b`,
      'u',
    ).exec(c);
    return m ? [draft('residence', cleanEnglishObject(m[1]!), 0.82)] : null;
  },
  // employer: "starting at KPMG on Monday", "landed a role at Wealthsimple", "took a job with the NHS"
  (c) => {
    const m =
      new RegExp(
        S +
          String.raw`(?:am\s+)?(?:start|starting|started|begin|beginning|began|start\s+work|started\s+work)\s+(?:a\s+new\s+job\s+|my\s+new\s+job\s+|work\s+|working\s+)?(?:at|with)\s+${PROPER}`,
        'u',
      ).exec(c.replace(/^I\b/, 'i')) ??
      new RegExp(
        S +
          String.raw`(?:landed|took|got|accepted|scored|have)\s+(?:a|an|the|my)\s+(?:new\s+|full[-\s]time\s+|part[-\s]time\s+|permanent\s+|dream\s+)*(?:role|job|position|gig|spot|offer|contract|internship)\s+(?:at|with|from)\s+${PROPER}`,
        'u',
      ).exec(c.replace(/^I\b/, 'i'));
    if (!m) return null;
    const v = valueSpan(m[1]!);
    return v && !/^(?:the\s+)?(?:moment|end|beginning)$/i.test(v)
      ? [draft('employer', v.replace(/^the\s+(?=\p{Lu}{2,})/u, ''), 0.85)]
      : null;
  },
  // occupation: "took a full-time job as a marketing coordinator", "went back to work as a nurse"
  (c) => {
    const m = new RegExp(
      S +
        String.raw`(?:landed|took|got|accepted|started|have|went\s+back\s+to\s+work)\s+(?:(?:a|an|the|my)\s+(?:new\s+|full[-\s]time\s+|part[-\s]time\s+)*(?:role|job|position|gig)\s+)?as\s+(?:an?\s+)?(.+)$`,
      'i',
    ).exec(c);
    if (!m) return null;
    const v = valueSpan(m[1]!);
    return v ? [draft('occupation', `${/^[aeiou]/i.test(v) ? 'an' : 'a'} ${v}`, 0.85)] : null;
  },
  // team / department
  (c) => {
    const on = new RegExp(
      S +
        String.raw`am\s+(?:now\s+)?(?:on|in|with|part\s+of)\s+(?:the\s+)?([\p{L}&/ -]{2,30}?)\s+(team|squad|department|dept|group|division|unit)\b`,
      'iu',
    ).exec(c);
    const moved = new RegExp(
      S +
        String.raw`(?:was\s+|got\s+|have\s+been\s+|been\s+)?(?:moved|transferred|switched|joined|moving|transferring|reassigned|assigned|promoted)\s+(?:over\s+)?(?:(?:to|into|onto)\s+)?(?:the\s+)?([\p{L}&/ -]{2,30}?)\s+(team|squad|department|dept|group|division|unit)\b`,
      'iu',
    ).exec(c);
    const m = on ?? moved;
    if (!m || (/\b(?:my|our|a|an|new)\b/i.test(m[1]!) && !/^the\b/i.test(m[1]!))) return null;
    return [team(m[1]!, m[2]!)];
  },
  // manager: "I report to Marcus now"
  (c, ctx) => {
    const m = new RegExp(S + String.raw`(?:now\s+)?(?:report|reporting)\s+(?:directly\s+)?to\s+${PROPER}`, 'u').exec(
      c.replace(/^I\b/, 'i'),
    );
    if (!m) return null;
    const key = knows(ctx, 'user.family.boss') ? 'family.boss' : 'family.manager';
    const name = cleanEnglishObject(m[1]!);
    return [draft(key, name, 0.85, { label: key.endsWith('boss') ? 'boss' : 'manager' })];
  },
  // partner: "I married Paul in June"
  (c) => {
    const m = new RegExp(S + String.raw`(?:married|wed|am\s+marrying|am\s+engaged\s+to)\s+${PROPER}`, 'u').exec(
      c.replace(/^I\b/, 'i'),
    );
    return m ? [draft('partner', cleanEnglishObject(m[1]!).split(/\s+(?:in|on|last|this)\b/)[0]!, 0.86)] : null;
  },
  // "I play the guitar", "I play volleyball on weekends", "I took up the cello"
  (c) => {
    const m = new RegExp(
      S +
        String.raw`(?:play|am\s+playing|have\s+been\s+playing|took\s+up|picked\s+up|started\s+playing|learned|am\s+learning\s+to\s+play)\s+(?:the\s+)?([a-z][a-z -]{1,20}?)(?=$|\s+(?:on|at|every|twice|once|with|in|for|now|again|these|a\s+lot|\d))`,
      'i',
    ).exec(c);
    if (!m) return null;
    const what = m[1]!.toLowerCase().trim();
    if (INSTRUMENTS.has(what)) return [draft('instrument', what, 0.85, { content: `User plays the ${what}` })];
    if (SPORTS.has(what)) return [draft('sport', what, 0.85, { content: `User plays ${what}` })];
    return null;
  },
  // "I'm playing Elden Ring right now": the game of the moment
  (c) => {
    const m = new RegExp(
      S + String.raw`(?:am\s+(?:playing|replaying)|started|have\s+started|am\s+into|am\s+hooked\s+on)\s+${PROPER}`,
      'u',
    ).exec(c.replace(/^I\b/, 'i'));
    if (
      !m ||
      (!/\b(?:playing|replaying)\b/i.test(c) &&
        !/\b(?:game|gate|ring|souls|zelda|mario|craft|fortnite|\d)\b/i.test(m[1]!))
    )
      return null;
    return [
      draft('current_game', cleanEnglishObject(m[1]!), 0.8, {
        content: `User is playing ${cleanEnglishObject(m[1]!)}`,
      }),
    ];
  },
  // sports team: "I support Arsenal", "I root for the Celtics", "switched allegiance to Brighton"
  (c, ctx) => {
    const m =
      new RegExp(
        S +
          String.raw`(?:support|root\s+for|cheer\s+for|follow|switched\s+(?:my\s+)?allegiance\s+to|switched\s+to\s+supporting|am\s+(?:now\s+)?rooting\s+for)\s+${PROPER}`,
        'u',
      ).exec(c.replace(/^I\b/, 'i')) ??
      (knows(ctx, 'user.sports_team') || knows(ctx, 'user.favourite_team')
        ? new RegExp(
            S + String.raw`am\s+(?:now\s+)?(?:a|an)\s+(?:big\s+|huge\s+|die-hard\s+)?${PROPER}\s+fan\b`,
            'u',
          ).exec(c.replace(/^I\b/, 'i'))
        : null);
    if (!m) return null;
    const key = knows(ctx, 'user.favourite_team') && !knows(ctx, 'user.sports_team') ? 'favourite_team' : 'sports_team';
    const v = cleanEnglishObject(m[1]!);
    return [draft(key, v, 0.84, key === 'favourite_team' ? { label: 'team' } : { content: `User supports ${v}` })];
  },
  // medication: "I take metformin for my diabetes", "I'm on 10mg of lisinopril"
  (c) => {
    const take = new RegExp(
      S +
        String.raw`(?:take|am\s+taking|have\s+been\s+taking|started\s+taking|am\s+on|have\s+been\s+on|started\s+on|use)\s+(?:(\d+\s?(?:mg|mcg|ml|units?))\s+(?:of\s+)?)?(?:an?\s+)?([A-Za-z][A-Za-z-]{3,})(?:\s+(?:inhaler|pills?|tablets?|shots?|injections?))?(?:\s+(\d+\s?(?:mg|mcg|ml))?)?(?:\s+(?:for|to\s+treat|to\s+manage)\s+(?:my\s+)?(.+))?$`,
      'i',
    ).exec(c);
    if (!take) return null;
    const drug = take[2]!;
    if (!DRUG.test(drug) && !take[1] && !(take[4] && /^i\s+(?:\w+\s+)*(?:take|taking|on)\b/i.test(c))) return null;
    const dose = take[1] ?? take[3];
    const out = [
      draft('medication', drug, 0.82, {
        content: `User takes ${drug}${take[4] ? ` for ${cleanEnglishObject(take[4])}` : ''}`,
      }),
    ];
    if (dose)
      out.push(
        draft(`dose.${slug(drug)}`, dose.replace(/\s+/g, ''), 0.82, {
          content: `User takes ${dose.replace(/\s+/g, '')} of ${drug}`,
        }),
      );
    return out;
  },
  // money: "I make $65,000 a year", "I'm on $72,000 now", "my gym membership costs $40 a month"
  (c, ctx) => {
    const earn = new RegExp(
      S +
        String.raw`(?:make|earn|am\s+paid|get\s+paid|bring\s+in|am\s+making|am\s+earning|am\s+on|get)\s+(?:about\s+|around\s+|roughly\s+)?${MONEY}`,
      'i',
    ).exec(c);
    if (earn) {
      if (/^am\s+on/i.test(c.replace(new RegExp(S, 'i'), '')) && !knows(ctx, 'user.salary')) return null;
      const v = earn[1]!.trim();
      const key = /\bhour\b/i.test(v) ? 'hourly_rate' : 'salary';
      return [draft(key, v, 0.84, { content: key === 'salary' ? `User earns ${v}` : `User's hourly rate is ${v}` })];
    }
    const costs = new RegExp(
      String.raw`^(?:my|our)\s+([a-z][a-z -]{1,30}?)\s+(?:costs?|is|runs|comes\s+to|sets\s+me\s+back)\s+(?:me\s+)?(?:about\s+|around\s+)?${MONEY}`,
      'i',
    ).exec(c);
    if (!costs) return null;
    const what = costs[1]!.trim();
    return [
      draft(slug(what), costs[2]!.trim(), 0.84, { label: what, content: `User's ${what} costs ${costs[2]!.trim()}` }),
    ];
  },
  // counts anywhere: "I'm up to 20 books", "has grown to 9 plants", "that makes three bikes", "I've made 65 sales"
  (c) => {
    const NUM = String.raw`(\d[\d,.]*|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|a\s+hundred)`;
    const m = new RegExp(
      String.raw`\b(?:up\s+to|grown\s+to|makes|made|crossed|passed|hit|reached|at|now\s+have|have|got|own|sold|finished|completed|read|written|wrote|visited|tried|collected|added|taken|done|run|ran|watched|seen|logged|booked|hosted)\s+(?:a\s+total\s+of\s+|over\s+|about\s+|around\s+|exactly\s+|just\s+over\s+)?${NUM}\s+(?:new\s+|different\s+|total\s+)?([a-z][a-z-]+)`,
      'i',
    ).exec(c);
    if (!m || !/^(?:i|my|we|our|that|this|it|the)\b/i.test(c)) return null;
    const noun = singular(m[2]!.toLowerCase());
    if (COUNT_NOUN_SKIP.test(noun)) return null;
    const n = m[1]!.toLowerCase();
    return [draft(`count.${slug(noun)}`, n, 0.8, { content: `User has ${n} ${m[2]!.toLowerCase()}` })];
  },
  // activities the user does: "I run marathons", "I teach yoga", "I coach little league", "I bake sourdough"
  (c) => {
    const m = new RegExp(
      S +
        String.raw`(run|teach|coach|practi[cs]e|climb|surf|ski|knit|bake|brew|paint|draw|sew|crochet|volunteer\s+at|volunteer\s+with|collect)\s+([a-z][a-z -]{2,30}?)(?=$|\s+(?:on|at|every|twice|once|with|in|for|now|again|these|a\s+lot|competitively|professionally|as\s+a\s+hobby|\d))`,
      'i',
    ).exec(c);
    if (!m) return null;
    const what = m[2]!.toLowerCase().trim();
    if (
      /^(?:it|that|this|them|the|a|an|my|our|some|things|stuff|well|fine|late|early|out|into|at|on|in|to|for|with|from|every|twice|once|around|about|over|by|after|before|daily|weekly)\b/.test(
        what,
      )
    )
      return null;
    const verb = m[1]!.toLowerCase().replace(/\s+/g, ' ');
    return [draft(`activity.${slug(singular(what))}`, what, 0.8, { content: `${toThirdPerson(`I ${verb}`)} ${what}` })];
  },
  // days of a routine: "I run on Tuesdays and Thursdays", "I have piano lessons on Mondays", "piano lessons are on Wednesdays now"
  (c) => {
    const mine = new RegExp(
      S +
        String.raw`(?:usually\s+|normally\s+)?(?:have\s+|take\s+|go\s+to\s+|do\s+|attend\s+)?(.+?)\s+(?:on\s+)?${DAYS}(?:\s+now)?$`,
      'i',
    ).exec(c);
    const theirs = new RegExp(
      String.raw`^(?:my\s+|our\s+|the\s+)?([a-z][a-z ]{2,30}?)\s+(?:is|are)\s+(?:now\s+)?(?:on\s+)?${DAYS}(?:\s+now)?$`,
      'i',
    ).exec(c);
    const m = mine ?? theirs;
    if (!m) return null;
    // "I got engaged on Saturday": a past one-off on one day is no routine
    if (mine && /^(?:got|had|went|did|was|were|[a-z]+ed)\b/i.test(m[1]!) && !/s$/i.test(m[2]!)) return null;
    const what = m[1]!
      .toLowerCase()
      .replace(/^(?:my|our|the)\s+/, '')
      .trim();
    const words = what
      .split(/\s+/)
      .filter((w) => !/^(?:go|goes|do|does|have|has|take|takes|to|the|a|my|at|usually|always|swimming|going)$/.test(w));
    if (words.length === 0 || words.length > 3) return null;
    const act = slug(words.map((w) => singular(w.replace(/ing$/, ''))).join(' '));
    return [
      draft(`schedule.${act}`, m[2]!.toLowerCase(), 0.82, {
        content: mine ? `${toThirdPerson(`I ${m[1]!}`)} on ${m[2]!}` : `User's ${what} are on ${m[2]!}`,
      }),
    ];
  },
  // names: "I've started going by Elizabeth"
  (c) => {
    const m = new RegExp(S + String.raw`(?:started\s+)?(?:going|go|went)\s+by\s+${PROPER}`, 'u').exec(
      c.replace(/^I\b/, 'i'),
    );
    return m ? [draft('name', cleanEnglishObject(m[1]!).split(/\s+(?:at|with|to|for)\b/)[0]!, 0.85)] : null;
  },
  // age: "just celebrated my 45th birthday"
  (c) => {
    const m = new RegExp(
      S + String.raw`(?:celebrated|had|turned|hit)\s+my\s+(\d{1,3})(?:st|nd|rd|th)\s+birthday`,
      'i',
    ).exec(c);
    return m && +m[1]! < 130 ? [draft('age', m[1]!, 0.88)] : null;
  },
  // school: "I transferred to the University of Michigan", "I'm now enrolled at …"
  (c, ctx) => {
    const m = new RegExp(
      S + String.raw`(?:transferred|switched\s+schools|moved\s+schools)\s+(?:over\s+)?to\s+${PROPER}`,
      'u',
    ).exec(c.replace(/^I\b/, 'i'));
    if (!m) return null;
    const v = valueSpan(m[1]!).replace(/^the\s+/i, '');
    if (
      !knows(ctx, 'user.school') &&
      !/\b(?:university|college|school|institute|academy|high|elementary|tech|state|uni)\b/i.test(v)
    )
      return null;
    return [draft('school', v, 0.84)];
  },
  // tools for a purpose: "I track my budget in Excel", "I keep my notes in Notion", "I listen to music on Spotify", "I bank with Chase"
  (c) => {
    const m =
      new RegExp(
        S +
          String.raw`(?:track|keep|manage|do|write|take|organi[sz]e|store|plan|have\s+moved|moved|put)\s+(?:all\s+)?(?:of\s+)?my\s+([a-z][a-z -]{2,20}?)\s+(?:in|on|with|using|into|to|over\s+to)\s+${PROPER}`,
        'u',
      ).exec(c.replace(/^I\b/, 'i')) ??
      new RegExp(S + String.raw`listen\s+to\s+(music|podcasts|audiobooks)\s+(?:on|with|using)\s+${PROPER}`, 'u').exec(
        c.replace(/^I\b/, 'i'),
      );
    if (!m) return null;
    const purpose = singular(gerundToBase(m[1]!.toLowerCase().trim()));
    const v = valueSpan(m[2]!);
    return v
      ? [draft(`tool.${slug(purpose)}`, v, 0.82, { content: `User uses ${v} for ${m[1]!.toLowerCase()}` })]
      : null;
  },
  (c) => {
    const m = new RegExp(S + String.raw`(?:bank|am\s+banking)\s+with\s+${PROPER}`, 'u').exec(c.replace(/^I\b/, 'i'));
    return m
      ? [draft('bank', cleanEnglishObject(m[1]!), 0.84, { content: `User banks with ${cleanEnglishObject(m[1]!)}` })]
      : null;
  },
  // membership: "I'm a member at Planet Fitness"
  (c) => {
    const m = new RegExp(
      S + String.raw`am\s+(?:now\s+)?a\s+(?:paying\s+|proud\s+)?member\s+(?:at|of)\s+${PROPER}`,
      'u',
    ).exec(c.replace(/^I\b/, 'i'));
    return m
      ? [
          draft('membership', cleanEnglishObject(m[1]!), 0.84, {
            content: `User is a member at ${cleanEnglishObject(m[1]!)}`,
          }),
        ]
      : null;
  },
];
