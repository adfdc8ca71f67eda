import { THEME as c } from './theme';

/**
 * The widget's stylesheet, inside its shadow root: the site's CSS cannot reach in, and this cannot leak out.
 * `:host { all: initial }` also stops the inherited properties (font, colour, line height, direction) that would
 * otherwise flow from the page into the shadow tree. Phones (≤ 480 px) get the panel full-screen.
 */
export const STYLES = `
:host{all:initial}
*,*::before,*::after{box-sizing:border-box}
.root{all:initial;font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,"Noto Sans","Hiragino Sans","Yu Gothic",sans-serif;color:${c.ink};-webkit-font-smoothing:antialiased}
[hidden]{display:none!important}
.sr{position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}
button,input,textarea{font:inherit;color:inherit}
button{cursor:pointer}
svg{width:20px;height:20px;flex:none}
:focus-visible{outline:3px solid ${c.ring};outline-offset:2px}
.launcher{position:fixed;right:20px;bottom:20px;z-index:2147483646;width:60px;height:60px;border:0;border-radius:50%;background:${c.accent};color:${c.onAccent};box-shadow:0 4px 14px rgba(0,0,0,.25);display:grid;place-items:center;transition:transform .15s ease}
.launcher:hover{transform:scale(1.06)}
.launcher:focus-visible{outline-offset:3px;box-shadow:0 0 0 3px #fff,0 4px 14px rgba(0,0,0,.25)}
.launcher svg{width:28px;height:28px}
.dot{position:absolute;top:4px;right:4px;width:14px;height:14px;border-radius:50%;background:${c.error};border:2px solid #fff}
.panel{position:fixed;right:20px;bottom:92px;z-index:2147483647;width:380px;max-width:calc(100vw - 40px);height:min(620px,calc(100vh - 120px));display:flex;flex-direction:column;background:${c.surface};border-radius:16px;box-shadow:0 12px 40px rgba(0,0,0,.28);overflow:hidden;animation:rise .18s ease-out}
@keyframes rise{from{opacity:0;transform:translateY(12px)}to{opacity:1;transform:none}}
.panel:focus{outline:none}
.head{display:flex;align-items:center;gap:8px;padding:12px 12px 12px 18px;background:${c.accent};color:${c.onAccent}}
.head h2{flex:1;margin:0;font-size:17px;font-weight:700}
.ghost{border:1px solid ${c.onAccent};background:transparent;border-radius:8px;padding:4px 10px;font-size:13px}
.icon{border:0;background:transparent;width:36px;height:36px;border-radius:8px;display:grid;place-items:center;color:inherit;padding:0}
.icon:hover,.ghost:hover{background:rgba(0,0,0,.08)}
.icon svg{width:20px;height:20px}
.body{flex:1;min-height:0;display:flex;flex-direction:column}
.state{margin:auto;padding:24px;text-align:center;color:${c.muted}}
.state p{margin:0 0 12px}
.log{flex:1;overflow-y:auto;padding:14px 14px 6px;display:flex;flex-direction:column;gap:10px;overscroll-behavior:contain}
.log:focus-visible{outline-offset:-3px}
.log-list{display:flex;flex-direction:column;gap:10px}
.empty{margin:auto;text-align:center;color:${c.muted};padding:20px}
.msg{display:flex;flex-direction:column;max-width:82%;align-items:flex-start}
.msg.visitor{align-self:flex-end;align-items:flex-end}
.who{font-size:12px;font-weight:600;color:${c.muted};margin:0 0 2px 4px}
.bubble{padding:8px 12px;border-radius:16px;background:${c.bubble};white-space:pre-wrap;overflow-wrap:anywhere;border-bottom-left-radius:4px}
.visitor .bubble{background:${c.accent};color:${c.onAccent};border-radius:16px;border-bottom-right-radius:4px}
.failed .bubble{outline:2px dashed ${c.error};outline-offset:1px}
.meta{font-size:12px;color:${c.muted};margin:2px 4px 0;display:flex;gap:6px;align-items:baseline}
.meta .bad{color:${c.error}}
.link{border:0;background:none;padding:0;color:${c.ink};text-decoration:underline;font-size:inherit}
.system{margin:0;align-self:center;max-width:92%;text-align:center;font-size:13px;color:${c.muted}}
.bubble img{display:block;max-width:100%;max-height:240px;border-radius:10px}
.bubble a{color:inherit}
.file svg{width:20px;height:20px;flex:none}
.file{display:flex;align-items:center;gap:6px;border:0;background:none;padding:0;color:inherit;text-decoration:underline;text-align:start}
span.file{text-decoration:none}
.file + .caption{margin-top:6px}
.older{align-self:center;margin-bottom:4px}
.btn{border:1px solid ${c.edge};background:${c.surface};border-radius:10px;padding:7px 14px;font-weight:600}
.btn.primary{border-color:${c.onAccent};background:${c.accent};color:${c.onAccent}}
.btn:hover{filter:brightness(.96)}
.btn[disabled],.btn[aria-disabled=true]{cursor:default;opacity:.7}
.rating{align-self:center;text-align:center;padding:6px 0}
.rating p{margin:0 0 6px;font-weight:600}
.stars{display:flex;gap:8px;justify-content:center}
.stars button{min-width:44px;min-height:44px;border:1px solid ${c.edge};background:${c.surface};border-radius:12px;font-size:20px;line-height:1;letter-spacing:1px;color:${c.onAccent}}
.stars button:hover{background:${c.accent}}
.foot{border-top:1px solid #dfe6e9;padding:10px 12px 12px;display:flex;flex-direction:column;gap:8px}
fieldset{border:0;margin:0;padding:0;display:flex;flex-wrap:wrap;gap:6px}
legend{font-weight:600;margin-bottom:6px;padding:0}
.choice{display:inline-flex;align-items:center;gap:6px;border:1px solid ${c.edge};border-radius:999px;padding:4px 12px 4px 8px;cursor:pointer}
.choice:has(input:checked){background:${c.accent};border-color:${c.onAccent};color:${c.onAccent}}
.choice input{margin:0;accent-color:${c.onAccent}}
.choice:has(input:focus-visible){outline:3px solid ${c.ring};outline-offset:2px}
.choice input:focus-visible{outline:none}
.error{color:${c.error};font-size:13px;margin:0}
.chip{display:flex;align-items:center;gap:8px;background:${c.bubble};border-radius:10px;padding:4px 4px 4px 10px;font-size:13px}
.chip span{flex:1;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.chip .icon{width:30px;height:30px}
.compose{display:flex;align-items:flex-end;gap:6px}
.compose textarea{flex:1;resize:none;min-height:42px;max-height:140px;border:1px solid ${c.edge};border-radius:12px;padding:9px 12px;background:${c.surface};line-height:1.4}
.compose textarea:focus-visible{outline-offset:0}
.compose .icon{width:42px;height:42px;color:${c.ink}}
.send{height:42px;border:1px solid ${c.onAccent};border-radius:12px;background:${c.accent};color:${c.onAccent};font-weight:700;padding:0 14px}
.guest{padding:20px;display:flex;flex-direction:column;gap:12px;overflow-y:auto}
.guest p{margin:0}
.guest label{display:flex;flex-direction:column;gap:4px;font-weight:600;font-size:14px}
.guest input{border:1px solid ${c.edge};border-radius:10px;padding:9px 12px;font-weight:400;background:${c.surface}}
.guest input[aria-invalid=true]{border-color:${c.error}}
@media (max-width:480px){
.panel{inset:0;width:100%;max-width:none;height:100%;height:100dvh;border-radius:0;bottom:0;right:0}
.root.open .launcher{display:none}
.msg{max-width:88%}
}
@media (prefers-reduced-motion:reduce){
.panel{animation:none}
.launcher{transition:none}
.launcher:hover{transform:none}
}
@media (forced-colors:active){
.launcher,.send,.btn,.stars button{border:1px solid ButtonText}
}
`;
