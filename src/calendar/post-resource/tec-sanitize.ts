import { stripTags } from '../../wp/text/formatting';

/**
 * tec_sanitize_string(), what TEC's event save (Tribe__Events__API::saveEventMeta) runs on every string meta value
 * it stores (cost, website, time zone…), for every user: the special characters' entities decoded
 * (htmlspecialchars_decode with ENT_QUOTES), then PHP strip_tags(). `<script>alert(1)</script><b>ok</b>` is
 * stored as `alert(1)ok`; `&lt;b&gt;x` as `x`.
 */
export function tecSanitizeString(text: string): string {
  return stripTags(htmlSpecialCharsDecode(text));
}

const NAMED: Record<string, string> = { amp: '&', quot: '"', lt: '<', gt: '>' };

/** PHP htmlspecialchars_decode($text, ENT_QUOTES): `&amp; &quot; &lt; &gt;` and the numeric forms of `& " ' < >`, once. */
function htmlSpecialCharsDecode(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(?:(amp|quot|lt|gt)|#0*(34|38|39|60|62)|#[xX]0*(22|26|27|3[cCeE]));/g, (_m, name?: string, dec?: string, hex?: string) =>
    name ? NAMED[name]! : String.fromCharCode(dec ? Number(dec) : parseInt(hex!, 16)),
  );
}
