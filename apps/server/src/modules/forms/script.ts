import { VISITOR_MESSAGES } from '@div/shared/forms';
import { FILL_TIME_FIELD } from './rewrite';

/**
 * The script every published page with a DIV form loads (`/_div/forms.js`, ADR 0191). It measures
 * how long the visitor took (the minimum fill time), and sends the form with fetch so the visitor
 * stays on the page: when the site's own script already handled the submit (called preventDefault,
 * e.g. to show its own "¡Gracias!"), it only delivers the data quietly; otherwise it shows the
 * form's `data-success` text, or an element of the form marked `data-success`, or a default text in
 * the page's language. The data is read before any site script can reset the form. Without
 * JavaScript the form posts normally and the visitor sees a thank-you page.
 */
export function formsScript(): string {
  const texts = Object.fromEntries(
    Object.entries(VISITOR_MESSAGES).map(([lang, m]) => [
      lang,
      { ok: `${m.thanksTitle} ${m.thanks}`, files: m.files, fail: m.unavailable },
    ]),
  );
  return `(function(){
var T=${JSON.stringify(texts)};
var t0=Date.now();
function L(){var l=(document.documentElement.lang||'es').slice(0,2).toLowerCase();return T[l]||T.es;}
function status(f,text,bad){var p=f.querySelector('[data-div-status]');if(!p){p=document.createElement('p');p.setAttribute('data-div-status','');f.appendChild(p);}
p.setAttribute('role',bad?'alert':'status');p.textContent=text;p.hidden=false;}
function success(f){var own=f.querySelector('[data-success]:not(form)')||(f.nextElementSibling&&f.nextElementSibling.matches('[data-success]')?f.nextElementSibling:null);
if(own){own.hidden=false;own.style.display='';own.setAttribute('role','status');return;}
status(f,f.getAttribute('data-success')||L().ok,false);}
function send(f,data,quiet){var body=new URLSearchParams();var file=false;
data.forEach(function(v,k){if(typeof v==='string')body.append(k,v);else if(v&&v.size>0)file=true;});
if(file){status(f,L().files,true);return;}
body.set('${FILL_TIME_FIELD}',String(Date.now()-t0));
fetch(f.getAttribute('action'),{method:'POST',body:body,headers:{Accept:'application/json'},keepalive:quiet}).then(function(r){
return r.json().catch(function(){return {ok:false,message:L().fail};}).then(function(j){
if(r.ok&&j.ok){if(!quiet){success(f);f.reset();}}else status(f,j.message||L().fail,true);});
}).catch(function(){status(f,L().fail,true);});}
function form(e){var f=e.target;return f&&f.getAttribute&&f.getAttribute('data-div-form')!==null?f:null;}
var snap=new WeakMap();
window.addEventListener('submit',function(e){var f=form(e);if(!f)return;var d;
try{d=new FormData(f,e.submitter||undefined);}catch(_){d=new FormData(f);}snap.set(e,d);
setTimeout(function(){if(e.__div)return;e.__div=1;if(e.defaultPrevented)send(f,d,true);},0);},true);
window.addEventListener('submit',function(e){var f=form(e);if(!f||e.defaultPrevented||e.__div)return;
e.preventDefault();e.__div=1;send(f,snap.get(e)||new FormData(f),false);});
})();
`;
}
