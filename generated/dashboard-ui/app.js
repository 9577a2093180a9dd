// Built by `npm run generate` from service/dashboard/ui/ (esbuild 0.28.2); do not edit.
var Re,$,rn,Yr,Z,Zt,sn,on,an,kt,gt,bt,Qr,me={},dn=[],Zr=/acit|ex(?:s|g|n|p|$)|rph|grid|ows|mnc|ntw|ine[ch]|zoo|^ord|itera/i,Pe=Array.isArray;function B(e,t){for(var n in t)e[n]=t[n];return e}function wt(e){e&&e.parentNode&&e.parentNode.removeChild(e)}function Se(e,t,n){var r,o,s,i={};for(s in t)s=="key"?r=t[s]:s=="ref"?o=t[s]:i[s]=t[s];if(arguments.length>2&&(i.children=arguments.length>3?Re.call(arguments,2):n),typeof e=="function"&&e.defaultProps!=null)for(s in e.defaultProps)i[s]===void 0&&(i[s]=e.defaultProps[s]);return $e(e,i,r,o,null)}function $e(e,t,n,r,o){var s={type:e,props:t,key:n,ref:r,__k:null,__:null,__b:0,__e:null,__c:null,constructor:void 0,__v:o??++rn,__i:-1,__u:0};return o==null&&$.vnode!=null&&$.vnode(s),s}function Ee(e){return e.children}function pe(e,t){this.props=e,this.context=t}function oe(e,t){if(t==null)return e.__?oe(e.__,e.__i+1):null;for(var n;t<e.__k.length;t++)if((n=e.__k[t])!=null&&n.__e!=null)return n.__e;return typeof e.type=="function"?oe(e):null}function ln(e){var t,n;if((e=e.__)!=null&&e.__c!=null){for(e.__e=e.__c.base=null,t=0;t<e.__k.length;t++)if((n=e.__k[t])!=null&&n.__e!=null){e.__e=e.__c.base=n.__e;break}return ln(e)}}function en(e){(!e.__d&&(e.__d=!0)&&Z.push(e)&&!xe.__r++||Zt!=$.debounceRendering)&&((Zt=$.debounceRendering)||sn)(xe)}function xe(){for(var e,t,n,r,o,s,i,a=1;Z.length;)Z.length>a&&Z.sort(on),e=Z.shift(),a=Z.length,e.__d&&(n=void 0,r=void 0,o=(r=(t=e).__v).__e,s=[],i=[],t.__P&&((n=B({},r)).__v=r.__v+1,$.vnode&&$.vnode(n),vt(t.__P,n,r,t.__n,t.__P.namespaceURI,32&r.__u?[o]:null,s,o??oe(r),!!(32&r.__u),i),n.__v=r.__v,n.__.__k[n.__i]=n,pn(s,n,i),r.__e=r.__=null,n.__e!=o&&ln(n)));xe.__r=0}function cn(e,t,n,r,o,s,i,a,d,l,u){var c,p,m,g,w,k,b,h=r&&r.__k||dn,P=t.length;for(d=es(n,t,h,d,P),c=0;c<P;c++)(m=n.__k[c])!=null&&(p=m.__i==-1?me:h[m.__i]||me,m.__i=c,k=vt(e,m,p,o,s,i,a,d,l,u),g=m.__e,m.ref&&p.ref!=m.ref&&(p.ref&&$t(p.ref,null,m),u.push(m.ref,m.__c||g,m)),w==null&&g!=null&&(w=g),(b=!!(4&m.__u))||p.__k===m.__k?d=un(m,d,e,b):typeof m.type=="function"&&k!==void 0?d=k:g&&(d=g.nextSibling),m.__u&=-7);return n.__e=w,d}function es(e,t,n,r,o){var s,i,a,d,l,u=n.length,c=u,p=0;for(e.__k=new Array(o),s=0;s<o;s++)(i=t[s])!=null&&typeof i!="boolean"&&typeof i!="function"?(typeof i=="string"||typeof i=="number"||typeof i=="bigint"||i.constructor==String?i=e.__k[s]=$e(null,i,null,null,null):Pe(i)?i=e.__k[s]=$e(Ee,{children:i},null,null,null):i.constructor==null&&i.__b>0?i=e.__k[s]=$e(i.type,i.props,i.key,i.ref?i.ref:null,i.__v):e.__k[s]=i,d=s+p,i.__=e,i.__b=e.__b+1,(l=i.__i=ts(i,n,d,c))!=-1&&(c--,(a=n[l])&&(a.__u|=2)),a==null||a.__v==null?(l==-1&&(o>u?p--:o<u&&p++),typeof i.type!="function"&&(i.__u|=4)):l!=d&&(l==d-1?p--:l==d+1?p++:(l>d?p--:p++,i.__u|=4))):e.__k[s]=null;if(c)for(s=0;s<u;s++)(a=n[s])!=null&&(2&a.__u)==0&&(a.__e==r&&(r=oe(a)),fn(a,a));return r}function un(e,t,n,r){var o,s;if(typeof e.type=="function"){for(o=e.__k,s=0;o&&s<o.length;s++)o[s]&&(o[s].__=e,t=un(o[s],t,n,r));return t}e.__e!=t&&(r&&(t&&e.type&&!t.parentNode&&(t=oe(e)),n.insertBefore(e.__e,t||null)),t=e.__e);do t=t&&t.nextSibling;while(t!=null&&t.nodeType==8);return t}function ts(e,t,n,r){var o,s,i,a=e.key,d=e.type,l=t[n],u=l!=null&&(2&l.__u)==0;if(l===null&&a==null||u&&a==l.key&&d==l.type)return n;if(r>(u?1:0)){for(o=n-1,s=n+1;o>=0||s<t.length;)if((l=t[i=o>=0?o--:s++])!=null&&(2&l.__u)==0&&a==l.key&&d==l.type)return i}return-1}function tn(e,t,n){t[0]=="-"?e.setProperty(t,n??""):e[t]=n==null?"":typeof n!="number"||Zr.test(t)?n:n+"px"}function ve(e,t,n,r,o){var s,i;e:if(t=="style")if(typeof n=="string")e.style.cssText=n;else{if(typeof r=="string"&&(e.style.cssText=r=""),r)for(t in r)n&&t in n||tn(e.style,t,"");if(n)for(t in n)r&&n[t]==r[t]||tn(e.style,t,n[t])}else if(t[0]=="o"&&t[1]=="n")s=t!=(t=t.replace(an,"$1")),i=t.toLowerCase(),t=i in e||t=="onFocusOut"||t=="onFocusIn"?i.slice(2):t.slice(2),e.l||(e.l={}),e.l[t+s]=n,n?r?n.u=r.u:(n.u=kt,e.addEventListener(t,s?bt:gt,s)):e.removeEventListener(t,s?bt:gt,s);else{if(o=="http://www.w3.org/2000/svg")t=t.replace(/xlink(H|:h)/,"h").replace(/sName$/,"s");else if(t!="width"&&t!="height"&&t!="href"&&t!="list"&&t!="form"&&t!="tabIndex"&&t!="download"&&t!="rowSpan"&&t!="colSpan"&&t!="role"&&t!="popover"&&t in e)try{e[t]=n??"";break e}catch{}typeof n=="function"||(n==null||n===!1&&t[4]!="-"?e.removeAttribute(t):e.setAttribute(t,t=="popover"&&n==1?"":n))}}function nn(e){return function(t){if(this.l){var n=this.l[t.type+e];if(t.t==null)t.t=kt++;else if(t.t<n.u)return;return n($.event?$.event(t):t)}}}function vt(e,t,n,r,o,s,i,a,d,l){var u,c,p,m,g,w,k,b,h,P,j,L,S,X,se,G,J,M=t.type;if(t.constructor!=null)return null;128&n.__u&&(d=!!(32&n.__u),s=[a=t.__e=n.__e]),(u=$.__b)&&u(t);e:if(typeof M=="function")try{if(b=t.props,h="prototype"in M&&M.prototype.render,P=(u=M.contextType)&&r[u.__c],j=u?P?P.props.value:u.__:r,n.__c?k=(c=t.__c=n.__c).__=c.__E:(h?t.__c=c=new M(b,j):(t.__c=c=new pe(b,j),c.constructor=M,c.render=rs),P&&P.sub(c),c.state||(c.state={}),c.__n=r,p=c.__d=!0,c.__h=[],c._sb=[]),h&&c.__s==null&&(c.__s=c.state),h&&M.getDerivedStateFromProps!=null&&(c.__s==c.state&&(c.__s=B({},c.__s)),B(c.__s,M.getDerivedStateFromProps(b,c.__s))),m=c.props,g=c.state,c.__v=t,p)h&&M.getDerivedStateFromProps==null&&c.componentWillMount!=null&&c.componentWillMount(),h&&c.componentDidMount!=null&&c.__h.push(c.componentDidMount);else{if(h&&M.getDerivedStateFromProps==null&&b!==m&&c.componentWillReceiveProps!=null&&c.componentWillReceiveProps(b,j),t.__v==n.__v||!c.__e&&c.shouldComponentUpdate!=null&&c.shouldComponentUpdate(b,c.__s,j)===!1){for(t.__v!=n.__v&&(c.props=b,c.state=c.__s,c.__d=!1),t.__e=n.__e,t.__k=n.__k,t.__k.some(function(U){U&&(U.__=t)}),L=0;L<c._sb.length;L++)c.__h.push(c._sb[L]);c._sb=[],c.__h.length&&i.push(c);break e}c.componentWillUpdate!=null&&c.componentWillUpdate(b,c.__s,j),h&&c.componentDidUpdate!=null&&c.__h.push(function(){c.componentDidUpdate(m,g,w)})}if(c.context=j,c.props=b,c.__P=e,c.__e=!1,S=$.__r,X=0,h){for(c.state=c.__s,c.__d=!1,S&&S(t),u=c.render(c.props,c.state,c.context),se=0;se<c._sb.length;se++)c.__h.push(c._sb[se]);c._sb=[]}else do c.__d=!1,S&&S(t),u=c.render(c.props,c.state,c.context),c.state=c.__s;while(c.__d&&++X<25);c.state=c.__s,c.getChildContext!=null&&(r=B(B({},r),c.getChildContext())),h&&!p&&c.getSnapshotBeforeUpdate!=null&&(w=c.getSnapshotBeforeUpdate(m,g)),G=u,u!=null&&u.type===Ee&&u.key==null&&(G=mn(u.props.children)),a=cn(e,Pe(G)?G:[G],t,n,r,o,s,i,a,d,l),c.base=t.__e,t.__u&=-161,c.__h.length&&i.push(c),k&&(c.__E=c.__=null)}catch(U){if(t.__v=null,d||s!=null)if(U.then){for(t.__u|=d?160:128;a&&a.nodeType==8&&a.nextSibling;)a=a.nextSibling;s[s.indexOf(a)]=null,t.__e=a}else{for(J=s.length;J--;)wt(s[J]);_t(t)}else t.__e=n.__e,t.__k=n.__k,U.then||_t(t);$.__e(U,t,n)}else s==null&&t.__v==n.__v?(t.__k=n.__k,t.__e=n.__e):a=t.__e=ns(n.__e,t,n,r,o,s,i,d,l);return(u=$.diffed)&&u(t),128&t.__u?void 0:a}function _t(e){e&&e.__c&&(e.__c.__e=!0),e&&e.__k&&e.__k.forEach(_t)}function pn(e,t,n){for(var r=0;r<n.length;r++)$t(n[r],n[++r],n[++r]);$.__c&&$.__c(t,e),e.some(function(o){try{e=o.__h,o.__h=[],e.some(function(s){s.call(o)})}catch(s){$.__e(s,o.__v)}})}function mn(e){return typeof e!="object"||e==null||e.__b&&e.__b>0?e:Pe(e)?e.map(mn):B({},e)}function ns(e,t,n,r,o,s,i,a,d){var l,u,c,p,m,g,w,k=n.props||me,b=t.props,h=t.type;if(h=="svg"?o="http://www.w3.org/2000/svg":h=="math"?o="http://www.w3.org/1998/Math/MathML":o||(o="http://www.w3.org/1999/xhtml"),s!=null){for(l=0;l<s.length;l++)if((m=s[l])&&"setAttribute"in m==!!h&&(h?m.localName==h:m.nodeType==3)){e=m,s[l]=null;break}}if(e==null){if(h==null)return document.createTextNode(b);e=document.createElementNS(o,h,b.is&&b),a&&($.__m&&$.__m(t,s),a=!1),s=null}if(h==null)k===b||a&&e.data==b||(e.data=b);else{if(s=s&&Re.call(e.childNodes),!a&&s!=null)for(k={},l=0;l<e.attributes.length;l++)k[(m=e.attributes[l]).name]=m.value;for(l in k)if(m=k[l],l!="children"){if(l=="dangerouslySetInnerHTML")c=m;else if(!(l in b)){if(l=="value"&&"defaultValue"in b||l=="checked"&&"defaultChecked"in b)continue;ve(e,l,null,m,o)}}for(l in b)m=b[l],l=="children"?p=m:l=="dangerouslySetInnerHTML"?u=m:l=="value"?g=m:l=="checked"?w=m:a&&typeof m!="function"||k[l]===m||ve(e,l,m,k[l],o);if(u)a||c&&(u.__html==c.__html||u.__html==e.innerHTML)||(e.innerHTML=u.__html),t.__k=[];else if(c&&(e.innerHTML=""),cn(t.type=="template"?e.content:e,Pe(p)?p:[p],t,n,r,h=="foreignObject"?"http://www.w3.org/1999/xhtml":o,s,i,s?s[0]:n.__k&&oe(n,0),a,d),s!=null)for(l=s.length;l--;)wt(s[l]);a||(l="value",h=="progress"&&g==null?e.removeAttribute("value"):g!=null&&(g!==e[l]||h=="progress"&&!g||h=="option"&&g!=k[l])&&ve(e,l,g,k[l],o),l="checked",w!=null&&w!=e[l]&&ve(e,l,w,k[l],o))}return e}function $t(e,t,n){try{if(typeof e=="function"){var r=typeof e.__u=="function";r&&e.__u(),r&&t==null||(e.__u=e(t))}else e.current=t}catch(o){$.__e(o,n)}}function fn(e,t,n){var r,o;if($.unmount&&$.unmount(e),(r=e.ref)&&(r.current&&r.current!=e.__e||$t(r,null,t)),(r=e.__c)!=null){if(r.componentWillUnmount)try{r.componentWillUnmount()}catch(s){$.__e(s,t)}r.base=r.__P=null}if(r=e.__k)for(o=0;o<r.length;o++)r[o]&&fn(r[o],t,n||typeof e.type!="function");n||wt(e.__e),e.__c=e.__=e.__e=void 0}function rs(e,t,n){return this.constructor(e,n)}function Te(e,t,n){var r,o,s,i;t==document&&(t=document.documentElement),$.__&&$.__(e,t),o=(r=typeof n=="function")?null:n&&n.__k||t.__k,s=[],i=[],vt(t,e=(!r&&n||t).__k=Se(Ee,null,[e]),o||me,me,t.namespaceURI,!r&&n?[n]:o?null:t.firstChild?Re.call(t.childNodes):null,s,!r&&n?n:o?o.__e:t.firstChild,r,i),pn(s,e,i)}Re=dn.slice,$={__e:function(e,t,n,r){for(var o,s,i;t=t.__;)if((o=t.__c)&&!o.__)try{if((s=o.constructor)&&s.getDerivedStateFromError!=null&&(o.setState(s.getDerivedStateFromError(e)),i=o.__d),o.componentDidCatch!=null&&(o.componentDidCatch(e,r||{}),i=o.__d),i)return o.__E=o}catch(a){e=a}throw e}},rn=0,Yr=function(e){return e!=null&&e.constructor==null},pe.prototype.setState=function(e,t){var n;n=this.__s!=null&&this.__s!=this.state?this.__s:this.__s=B({},this.state),typeof e=="function"&&(e=e(B({},n),this.props)),e&&B(n,e),e!=null&&this.__v&&(t&&this._sb.push(t),en(this))},pe.prototype.forceUpdate=function(e){this.__v&&(this.__e=!0,e&&this.__h.push(e),en(this))},pe.prototype.render=Ee,Z=[],sn=typeof Promise=="function"?Promise.prototype.then.bind(Promise.resolve()):setTimeout,on=function(e,t){return e.__v.__b-t.__v.__b},xe.__r=0,an=/(PointerCapture)$|Capture$/i,kt=0,gt=nn(!1),bt=nn(!0),Qr=0;var yn=function(e,t,n,r){var o;t[0]=0;for(var s=1;s<t.length;s++){var i=t[s++],a=t[s]?(t[0]|=i?1:2,n[t[s++]]):t[++s];i===3?r[0]=a:i===4?r[1]=Object.assign(r[1]||{},a):i===5?(r[1]=r[1]||{})[t[++s]]=a:i===6?r[1][t[++s]]+=a+"":i?(o=e.apply(a,yn(e,a,n,["",null])),r.push(o),a[0]?t[0]|=2:(t[s-2]=0,t[s]=o)):r.push(a)}return r},hn=new Map;function gn(e){var t=hn.get(this);return t||(t=new Map,hn.set(this,t)),(t=yn(this,t.get(e)||(t.set(e,t=(function(n){for(var r,o,s=1,i="",a="",d=[0],l=function(p){s===1&&(p||(i=i.replace(/^\s*\n\s*|\s*\n\s*$/g,"")))?d.push(0,p,i):s===3&&(p||i)?(d.push(3,p,i),s=2):s===2&&i==="..."&&p?d.push(4,p,0):s===2&&i&&!p?d.push(5,0,!0,i):s>=5&&((i||!p&&s===5)&&(d.push(s,0,i,o),s=6),p&&(d.push(s,p,0,o),s=6)),i=""},u=0;u<n.length;u++){u&&(s===1&&l(),l(u));for(var c=0;c<n[u].length;c++)r=n[u][c],s===1?r==="<"?(l(),d=[d],s=3):i+=r:s===4?i==="--"&&r===">"?(s=1,i=""):i=r+i[0]:a?r===a?a="":i+=r:r==='"'||r==="'"?a=r:r===">"?(l(),s=1):s&&(r==="="?(s=5,o=i,i=""):r==="/"&&(s<5||n[u][c+1]===">")?(l(),s===3&&(d=d[0]),s=d,(d=d[0]).push(2,0,s),s=0):r===" "||r==="	"||r===`
`||r==="\r"?(l(),s=2):i+=r),s===3&&i==="!--"&&(s=4,d=d[0])}return l(),d})(e)),t),arguments,[])).length>1?t:t[0]}var f=gn.bind(Se);var fe,T,xt,bn,Ae=0,Pn=[],C=$,_n=C.__b,kn=C.__r,wn=C.diffed,vn=C.__c,$n=C.unmount,xn=C.__;function Pt(e,t){C.__h&&C.__h(T,e,Ae||t),Ae=0;var n=T.__H||(T.__H={__:[],__h:[]});return e>=n.__.length&&n.__.push({}),n.__[e]}function v(e){return Ae=1,ss(En,e)}function ss(e,t,n){var r=Pt(fe++,2);if(r.t=e,!r.__c&&(r.__=[n?n(t):En(void 0,t),function(a){var d=r.__N?r.__N[0]:r.__[0],l=r.t(d,a);d!==l&&(r.__N=[l,r.__[1]],r.__c.setState({}))}],r.__c=T,!T.__f)){var o=function(a,d,l){if(!r.__c.__H)return!0;var u=r.__c.__H.__.filter(function(p){return!!p.__c});if(u.every(function(p){return!p.__N}))return!s||s.call(this,a,d,l);var c=r.__c.props!==a;return u.forEach(function(p){if(p.__N){var m=p.__[0];p.__=p.__N,p.__N=void 0,m!==p.__[0]&&(c=!0)}}),s&&s.call(this,a,d,l)||c};T.__f=!0;var s=T.shouldComponentUpdate,i=T.componentWillUpdate;T.componentWillUpdate=function(a,d,l){if(this.__e){var u=s;s=void 0,o(a,d,l),s=u}i&&i.call(this,a,d,l)},T.shouldComponentUpdate=o}return r.__N||r.__}function O(e,t){var n=Pt(fe++,3);!C.__s&&Sn(n.__H,t)&&(n.__=e,n.u=t,T.__H.__h.push(n))}function he(e){return Ae=5,os(function(){return{current:e}},[])}function os(e,t){var n=Pt(fe++,7);return Sn(n.__H,t)&&(n.__=e(),n.__H=t,n.__h=e),n.__}function is(){for(var e;e=Pn.shift();)if(e.__P&&e.__H)try{e.__H.__h.forEach(Ce),e.__H.__h.forEach(Rt),e.__H.__h=[]}catch(t){e.__H.__h=[],C.__e(t,e.__v)}}C.__b=function(e){T=null,_n&&_n(e)},C.__=function(e,t){e&&t.__k&&t.__k.__m&&(e.__m=t.__k.__m),xn&&xn(e,t)},C.__r=function(e){kn&&kn(e),fe=0;var t=(T=e.__c).__H;t&&(xt===T?(t.__h=[],T.__h=[],t.__.forEach(function(n){n.__N&&(n.__=n.__N),n.u=n.__N=void 0})):(t.__h.forEach(Ce),t.__h.forEach(Rt),t.__h=[],fe=0)),xt=T},C.diffed=function(e){wn&&wn(e);var t=e.__c;t&&t.__H&&(t.__H.__h.length&&(Pn.push(t)!==1&&bn===C.requestAnimationFrame||((bn=C.requestAnimationFrame)||as)(is)),t.__H.__.forEach(function(n){n.u&&(n.__H=n.u),n.u=void 0})),xt=T=null},C.__c=function(e,t){t.some(function(n){try{n.__h.forEach(Ce),n.__h=n.__h.filter(function(r){return!r.__||Rt(r)})}catch(r){t.some(function(o){o.__h&&(o.__h=[])}),t=[],C.__e(r,n.__v)}}),vn&&vn(e,t)},C.unmount=function(e){$n&&$n(e);var t,n=e.__c;n&&n.__H&&(n.__H.__.forEach(function(r){try{Ce(r)}catch(o){t=o}}),n.__H=void 0,t&&C.__e(t,n.__v))};var Rn=typeof requestAnimationFrame=="function";function as(e){var t,n=function(){clearTimeout(r),Rn&&cancelAnimationFrame(t),setTimeout(e)},r=setTimeout(n,35);Rn&&(t=requestAnimationFrame(n))}function Ce(e){var t=T,n=e.__c;typeof n=="function"&&(e.__c=void 0,n()),T=t}function Rt(e){var t=T;e.__c=e.__(),T=t}function Sn(e,t){return!e||e.length!==t.length||t.some(function(n,r){return n!==e[r]})}function En(e,t){return typeof t=="function"?t(e):t}var ie=class{constructor(t){this.responsePromise=t}responsePromise;parsed;[Symbol.toStringTag]="APIPromise";withResponse(){return this.responsePromise}body(){return this.parsed??=this.responsePromise.then(t=>t.data),this.parsed}then(t,n){return this.body().then(t,n)}catch(t){return this.body().catch(t)}finally(t){return this.body().finally(t)}};var x=class{constructor(t){this._client=t}_client};function Tn(){let e=globalThis;if(e.process?.env)return e.process.env;try{return e.Deno?.env?.toObject?.()??{}}catch{return{}}}var y=class extends Error{name="ClientError"},E=class e extends y{name="APIError";status;code;param;requestId;headers;body;retryAfterMs;constructor(t,n,r,o,s){let i=ls(n),a=i.requestId??(s?o?.get(s)??null:null);super(e.describe(t,i.code,i.message??r,a)),this.status=t,this.code=i.code,this.param=i.param,this.requestId=a,this.headers=o,this.body=n,this.retryAfterMs=o?St(o):null}static describe(t,n,r,o){let s=[t,n].filter(a=>a!=null).join(" "),i=r??(t?"request failed":"no response");return`${s?`${s}: `:""}${i}${o?` (request_id ${o})`:""}`}static generate(t,n,r,o){let s=i=>new i(t,n,void 0,r,o);return t===400?s(qe):t===401?s(Ie):t===403?s(Me):t===404?s(Le):t===409?s(Oe):t===422?s(je):t===429?s(De):t>=500?s(Ue):s(e)}},qe=class extends E{name="BadRequestError"},Ie=class extends E{name="AuthenticationError"},Me=class extends E{name="PermissionDeniedError"},Le=class extends E{name="NotFoundError"},Oe=class extends E{name="ConflictError"},je=class extends E{name="UnprocessableEntityError"},De=class extends E{name="RateLimitError";retryAfter;constructor(t,n,r,o,s){super(t,n,r,o,s),this.retryAfter=this.retryAfterMs===null?null:Math.ceil(this.retryAfterMs/1e3)}},Ue=class extends E{name="InternalServerError"},D=class extends E{name="APIConnectionError";constructor(t="Connection error.",n){super(void 0,void 0,t,void 0),n?.cause!==void 0&&(this.cause=n.cause)}},ae=class extends D{name="APIConnectionTimeoutError";constructor(t,n="Request timed out"){super(`${n} after ${t} ms.`)}},q=class extends E{name="APIUserAbortError";constructor(){super(void 0,void 0,"Request was aborted.",void 0)}},ye=class extends y{name="ValidationError";issues;operation;constructor(t,n,r){super(`${t}: ${n}: ${ds(r)}`),this.operation=t,this.issues=r}},de=class extends ye{name="RequestValidationError";part;value;constructor(t,n,r,o){super(t,`${n==="body"?"the request's body breaks":"the request's query parameters break"} the schema`,o),this.part=n,this.value=r}},le=class extends ye{name="ResponseValidationError";status;body;headers;requestId;constructor(t,n,r){super(t,`the ${n.status} response breaks the schema`,r),this.status=n.status,this.body=n.body,this.headers=n.headers,this.requestId=n.requestId}};function ds(e){let t=e.slice(0,3).map(r=>{let o=(r.path??[]).map(s=>String(typeof s=="object"?s.key:s)).join(".");return o?`${o}: ${r.message}`:r.message}),n=e.length>t.length?` (and ${e.length-t.length} more)`:"";return`${t.join("; ")}${n}`}function ls(e){let t=e&&typeof e=="object"?e:{},n=Array.isArray(t.errors)?t.errors[0]:void 0,o=(t.error&&typeof t.error=="object"?t.error:n&&typeof n=="object"?n:void 0)??t,s=a=>typeof a=="string"&&a?a:null,i=s(o.type)==="about:blank"?null:s(o.type);return{code:s(o.code)??i??s(t.error),message:s(o.message)??s(o.detail)??s(o.error_description)??s(o.title)??s(t.message)??void 0,param:s(o.param),requestId:s(o.request_id)??s(t.request_id)}}function St(e,t=Date.now()){let n=e.get("retry-after-ms")?.trim();return n&&/^\d+(\.\d+)?$/.test(n)?Number(n):cs(e.get("retry-after"),t)}function cs(e,t=Date.now()){if(e==null||e.trim()==="")return null;if(/^\d+$/.test(e.trim()))return Number(e.trim())*1e3;let n=Date.parse(e);return Number.isNaN(n)?null:Math.max(0,n-t)}function Tt(e,t){return t.find(n=>e.startsWith(n.prefix))}function He(){let e=globalThis;return typeof e.window<"u"&&typeof e.document<"u"}var Et=class extends y{name="SecretKeyInBrowserError";constructor(t){super(`Refusing to use a secret key (${t}\u2026) in a browser: anyone who opens the page could copy it. Use a publishable (pk_) key in client-side code and keep secret keys on your server.`)}};function Cn(e,t,n=He()){let r=Tt(e,t);if((r?r.type==="secret":/(^|_)sk_/.test(e))&&n)throw new Et(r?.prefix??e.slice(0,e.indexOf("sk_")+3))}var We={debug:10,info:20,warn:30,error:40,off:50},Ct=Object.keys(We),qn="warn";function At(e,t){if(e===void 0||e.trim()==="")return;let n=e.trim().toLowerCase();if(n in We)return n;throw new y(`${t} is ${JSON.stringify(e.slice(0,40))}; expected one of ${Ct.join(", ")}.`)}var us=new Set(["authorization","proxy-authorization","cookie","set-cookie","x-api-key","api-key"]),In="[redacted]";function ps(e,t=[]){let n=new Set(t.map(r=>r.toLowerCase()));return Object.fromEntries(Object.entries(e).map(([r,o])=>[r,us.has(r.toLowerCase())||n.has(r.toLowerCase())?In:o]))}function ms(e,t){if(t.length===0||!e.includes("?"))return e;let[n,r]=e.split("?",2),o=new Set(t.map(s=>encodeURIComponent(s)));return`${n}?${r.split("&").map(s=>o.has(s.split("=",1)[0])?`${s.split("=",1)[0]}=${In}`:s).join("&")}`}var Ke=class{constructor(t,n){this.level=t;this.logger=n}level;logger;enabled(t){return We[t]>=We[this.level]}log(t,n,r){if(this.enabled(t))try{r===void 0?this.logger[t](n):this.logger[t](n,r)}catch(o){throw new y(`The logger's ${t}() threw: ${o?.message??String(o)}`,{cause:o})}}},fs=/auth|key|secret|token|cookie|session|password|signature/i;function Mn(e,t,n,r,o,s,i,a){if(!e.enabled("debug"))return;let d=ms(n,o?.kind==="query"?[o.name]:[]),l=a.status===null?`failed (${a.error})`:String(a.status),u=a.retry?`; retrying in ${a.waitMs} ms (${a.reason})`:a.reason?`; not retried (${a.reason})`:"",c=Object.keys(r).filter(m=>/idempotency/i.test(m)),p=Object.keys(r).filter(m=>fs.test(m)&&!c.includes(m));(o?.kind==="header"||o?.kind==="cookie")&&p.push(o.name),o?.kind==="cookie"&&o.csrfHeader&&p.push(o.csrfHeader),e.log("debug",`${t} ${d} \u2192 ${l} in ${a.elapsedMs} ms${a.requestId?` (${a.requestId})`:""}, attempt ${s+1} of ${i+1}${u}`,{method:t,url:d,attempt:s+1,status:a.status,requestId:a.requestId??null,elapsedMs:a.elapsedMs,retry:a.retry,...a.retry?{waitMs:a.waitMs}:{},...a.reason?{reason:a.reason}:{},requestHeaders:ps(r,p)})}var An=new Set;function Ln(e,t,n){let r=`${t.method.toUpperCase()} ${t.path}`,o=t.deprecated?[`${r} is deprecated`]:[];for(let s of t.params)s.deprecated&&(s.in==="path"||n[s.name]!==void 0)&&o.push(`The ${s.in} parameter ${s.name} of ${r} is deprecated`);for(let s of o)An.has(s)||!e.enabled("warn")||(An.add(s),e.log("warn",`${s} in the API this client was generated from; it may be removed.`))}var Be=class{async*iterPages(){let t=this;for(yield t;t.hasNextPage();)t=await t.getNextPage(),yield t}async*[Symbol.asyncIterator](){for await(let t of this.iterPages())yield*t.data}},Ne=class extends Be{constructor(n,r,o,s){super();this.spec=n;this.params=r;this.fetchPage=o;this.body=s&&typeof s=="object"?s:{};let i=this.body[n.dataField];this.data=Array.isArray(i)?i:[],this.hasMore=this.body[n.hasMoreField]===!0,this.nextCursor=On(this.body[n.nextCursorField]),this.previousCursor=n.previousCursorField?On(this.body[n.previousCursorField]):null,this.direction=n.backwardParam&&r[n.backwardParam]!==void 0?"backward":"forward"}spec;params;fetchPage;data;hasMore;nextCursor;previousCursor;direction;body;hasNextPage(){return this.direction==="forward"?this.hasMore&&this.nextCursor!==null&&this.nextCursor!==this.params[this.spec.forwardParam]:this.hasPreviousPage()}hasPreviousPage(){return!this.spec.backwardParam||this.previousCursor===null||this.direction==="backward"&&this.previousCursor===this.params[this.spec.backwardParam]?!1:this.direction==="backward"?this.hasMore:!0}async getNextPage(){if(this.direction==="backward")return this.getPreviousPage();if(!this.nextCursor)throw new y("No next page: this is the last one (has_more is false).");return(await this.fetchPage(this.neighbourParams(this.spec.forwardParam,this.nextCursor))).data}async getPreviousPage(){if(!this.spec.backwardParam)throw new y("This list cannot be paged backward.");if(!this.previousCursor)throw new y("No previous page: this is the first one.");return(await this.fetchPage(this.neighbourParams(this.spec.backwardParam,this.previousCursor))).data}neighbourParams(n,r){let o={...this.params,[n]:r};for(let s of[this.spec.forwardParam,this.spec.backwardParam])s&&s!==n&&delete o[s];return o}},ge=class extends ie{async*[Symbol.asyncIterator](){yield*await this}};function On(e){return typeof e=="string"&&e!==""?e:null}var Fe=class extends Be{constructor(n,r,o,s,i,a,d){super();this.fetchPage=o;this.url=a;this.body=s;let l=qt(s,n.items),u=Array.isArray(l)?l:[];this.itemsKey=JSON.stringify(u);let c=n.style==="link"||n.linkHeader!==void 0,p=hs(n,r,s,u.length,i),m=this.nextUrl(p),g=c?`${this.itemsKey}
${m??""}`:void 0,w=u.length>0&&d!==void 0&&(this.itemsKey===d.itemsKey||g!==void 0&&g===d.firstPageKey);this.data=w?[]:u,this.firstPageKey=d?d.firstPageKey:g,this.asked=c?{url:jn(a),before:d?.asked}:void 0;let k=!1;for(let b=this.asked;m&&b&&!k;b=b.before)k=b.url===m;this.next=w||k?null:p}fetchPage;url;data;body;itemsKey;firstPageKey;asked;next;nextPageRequest(){return this.next&&structuredClone(this.next)}nextUrl(n){if(!(!n||!("url"in n)))try{return jn(new URL(n.url,this.url).href)}catch{return}}hasNextPage(){return this.next!==null}async getNextPage(){let n=this.next;if(!n)throw new y("No next page: this is the last one.");return(await this.fetchPage(n,{itemsKey:this.itemsKey,firstPageKey:this.firstPageKey,asked:this.asked})).data}};function jn(e){let t=e.indexOf("#");return t<0?e:e.slice(0,t)}function hs(e,t,n,r,o){if(r===0)return null;let s=()=>{let a=e.nextField?qt(n,e.nextField):e.linkHeader?ys(o.get(e.linkHeader)??"").find(d=>d.rel.includes("next"))?.uri:void 0;return typeof a=="string"&&a!==""?{url:a}:null};if(e.style==="link"||e.linkHeader)return s();let i=(a,d)=>{let l=a===void 0?void 0:Number(t[a]??d);return l!==void 0&&Number.isFinite(l)?l:void 0};if(e.style==="offset"){let a=(i(e.offsetParam,0)??0)+r,d=e.totalField?qt(n,e.totalField):void 0;return typeof d=="number"&&a>=d?null:{params:{...t,[e.offsetParam]:a}}}return{params:{...t,[e.pageParam]:(i(e.pageParam,e.firstPage??1)??1)+1}}}function qt(e,t){let n=e;for(let r of t)n=n&&typeof n=="object"&&!Array.isArray(n)?n[r]:void 0;return n}function ys(e){let t=[],n=0,r=s=>{for(;n<e.length&&s.test(e[n]);)n+=1},o=()=>{let s=!1;for(;n<e.length;n+=1){let i=e[n];if(s&&i==="\\")n+=1;else if(i==='"')s=!s;else if(i===","&&!s)return}};for(;n<e.length&&(r(/[\s,]/),!(n>=e.length));){if(e[n]!=="<"){o();continue}let s=e.indexOf(">",n);if(s<0)break;let i={uri:e.slice(n+1,s).trim(),rel:[],params:{}};for(n=s+1;r(/[ \t]/),e[n]===";";){n+=1,r(/[ \t]/);let a=/^[!#$%&'*+.^_`|~0-9A-Za-z-]+/.exec(e.slice(n))?.[0];if(!a)break;n+=a.length,r(/[ \t]/);let d="";if(e[n]==="=")if(n+=1,r(/[ \t]/),e[n]==='"'){for(n+=1;n<e.length&&e[n]!=='"';n+=1)d+=e[n]==="\\"?e[++n]??"":e[n];n+=1}else d=/^[^,;\s]*/.exec(e.slice(n))[0],n+=d.length;let l=a.toLowerCase();Object.hasOwn(i.params,l)||(i.params[l]=d)}i.rel=(i.params.rel??"").toLowerCase().split(/\s+/).filter(Boolean),t.push(i),o()}return t}function Dn(e){let t="";for(let n of new TextEncoder().encode(e))t+=String.fromCharCode(n);return btoa(t)}var gs={path:"simple",query:"form",header:"simple",cookie:"form"};function Ve(e){let t=e.style??gs[e.in];return{style:t,explode:e.explode??t==="form"}}function H(e){return e instanceof Date?e.toISOString():typeof e=="string"?e:typeof e=="number"||typeof e=="boolean"||typeof e=="bigint"?String(e):JSON.stringify(e)}function Xe(e,t){if(t==null)return;if(e.json)return{kind:"primitive",text:JSON.stringify(t)};let n=e.shape==="unknown"||e.shape===void 0?Array.isArray(t)?"array":It(t)?"object":"primitive":e.shape;if(n==="array"){let r=(Array.isArray(t)?t:[t]).filter(o=>o!=null);return r.length===0?void 0:{kind:"array",items:r.map(H)}}if(n==="object"&&It(t)){let r=Object.entries(t).filter(([,o])=>o!=null).map(([o,s])=>[o,H(s)]);return r.length===0?void 0:{kind:"object",entries:r}}return{kind:"primitive",text:H(t)}}function It(e){if(!e||typeof e!="object"||Array.isArray(e)||e instanceof Date)return!1;let t=Object.getPrototypeOf(e);return t===Object.prototype||t===null}var Un=e=>`%${e.charCodeAt(0).toString(16).toUpperCase().padStart(2,"0")}`;function be(e,t=""){let n=encodeURIComponent(e).replace(/[!'()*]/g,Un);for(let r of t)/[A-Za-z0-9\-._~]/.test(r)&&(n=n.split(r).join(Un(r)));return n}function W(e,t=!1,n=""){let r=be(e).replace(/%20/g,"+");return t&&(r=r.replace(/%(3A|2F|3F|40|21|24|27|28|29|2A|2C|3B)/g,o=>n.includes(decodeURIComponent(o))?o:decodeURIComponent(o))),r}var Mt=e=>e;function ee(e,t,n=W){let r=Xe(e,t);if(!r)return[];let{style:o,explode:s}=Ve(e),i=e.allowReserved===!0,a=(m,g="")=>n(m,!1,g),d=(m,g="")=>n(m,i,g),l=a(e.name,"[]");if(r.kind==="primitive")return[[l,d(r.text)]];if(o==="deepObject"){let m=[],g=(w,k)=>{if(w!=null)if(Array.isArray(w))w.forEach((b,h)=>g(b,`${k}[${h}]`));else if(It(w))for(let[b,h]of Object.entries(w))g(h,`${k}[${a(b,"[]")}]`);else m.push([k,d(H(w))])};return g(r.kind==="array"&&!Array.isArray(t)?[t]:t,l),m}if(s&&(o==="form"||o==="spaceDelimited"||o==="pipeDelimited"))return r.kind==="array"?r.items.map(m=>[l,d(m)]):r.entries.map(([m,g])=>[a(m),d(g)]);let[u,c]=o==="spaceDelimited"?[n===Mt?" ":"%20"," "]:o==="pipeDelimited"?["|","|"]:[",",","],p=r.kind==="array"?r.items:r.entries.flat();return[[l,p.map(m=>d(m,c)).join(u)]]}function Hn(e,t){return e.filter(n=>n.in==="query").flatMap(n=>ee(n,t[n.name])).map(([n,r])=>`${n}=${r}`).join("&")}function bs(e,t,n=""){let r=Xe(e,t);if(!r)throw new y(`Missing path parameter "${e.name}".`);let{style:o,explode:s}=Ve(e),i=n.charAt(0)==="/"?"":n.charAt(0),a=o==="label"?`.${i}`:o==="matrix"?`;=,${i}`:`,${i}`,d=c=>be(c,a);if(r.kind==="primitive"&&r.text===""&&o==="simple")throw new y(`Missing path parameter "${e.name}".`);if(o==="matrix"){let c=d(e.name);return r.kind==="primitive"?`;${c}${r.text===""?"":`=${d(r.text)}`}`:r.kind==="array"?s?r.items.map(p=>`;${c}=${d(p)}`).join(""):`;${c}=${r.items.map(d).join(",")}`:s?r.entries.map(([p,m])=>`;${d(p)}=${d(m)}`).join(""):`;${c}=${r.entries.flat().map(d).join(",")}`}let l=o==="label"?".":"",u=o==="label"&&s?".":",";return r.kind==="primitive"?`${l}${d(r.text)}`:r.kind==="array"?`${l}${r.items.map(d).join(u)}`:`${l}${r.entries.map(([c,p])=>s?`${d(c)}=${d(p)}`:`${d(c)},${d(p)}`).join(u)}`}function Wn(e,t,n){let r=e.replace(/[?#].*$/s,"").split(/(\{[^}]+\})/),o=0,i=r.map((a,d)=>{let l=/^\{([^}]+)\}$/.exec(a);if(!l)return a;let u=t.find(p=>p.in==="path"&&p.name===l[1])??{name:l[1],in:"path"},c=n[o++];if(c==null||c==="")throw new y(`Missing path parameter "${l[1]}" for ${e}.`);return bs(u,c,r[d+1]??"")}).join("");if(i.split("/").some(a=>a==="."||a===".."))throw new y(`A path parameter of ${e} makes a "." or ".." segment, which URLs resolve away.`);return i}function Kn(e,t){let n=Xe(e,t);if(!n)return;let{explode:r}=Ve(e),o=n.kind==="primitive"?n.text:n.kind==="array"?n.items.join(","):n.entries.map(([s,i])=>r?`${s}=${i}`:`${s},${i}`).join(",");if(/[^\t\x20-\x7E]/.test(o))throw new y(`Header parameter "${e.name}" must be printable ASCII; got ${JSON.stringify(o.slice(0,40))}.`);return o}function Bn(e,t){let n=Xe(e,t);if(!n)return[];let{explode:r}=Ve(e),o=i=>be(i,","),s=be(e.name);return n.kind==="primitive"?[`${s}=${o(n.text)}`]:n.kind==="array"?r?n.items.map(i=>`${s}=${o(i)}`):[`${s}=${n.items.map(o).join(",")}`]:r?n.entries.map(([i,a])=>`${be(i)}=${o(a)}`):[`${s}=${n.entries.flat().map(o).join(",")}`]}var Nn=Symbol.for("openapi-client.part-headers");function N(e){return e&&typeof e=="object"&&Nn in e?{value:e.value,headers:e[Nn]}:{value:e,headers:{}}}function z(e){return typeof Blob<"u"&&e instanceof Blob}function Ge(e){return typeof ReadableStream<"u"&&e instanceof ReadableStream}function Lt(e){let t=N(e).value;return z(t)||t instanceof ArrayBuffer||ArrayBuffer.isView(t)||Ge(t)}function Fn(e){let t=e?.name;return z(e)&&typeof t=="string"&&t!==""?t:void 0}async function _s(e){let t=[],n=e.getReader();for(;;){let{done:r,value:o}=await n.read();if(r)return t;t.push(o)}}async function Vn(e,t){return z(e)?e.type||!t?e:e.slice(0,e.size,t):Ge(e)?new Blob(await _s(e),{type:t}):ArrayBuffer.isView(e)?new Blob([new Uint8Array(e.buffer,e.byteOffset,e.byteLength)],{type:t}):e instanceof ArrayBuffer?new Blob([e],{type:t}):new Blob([String(e)],{type:t})}function Yn(e,t){return(e??"").split(",").map(r=>r.trim()).find(r=>r!==""&&!r.includes("*"))??t}function Xn(e){return`"${e.replace(/\r/g,"%0D").replace(/\n/g,"%0A").replace(/"/g,"%22")}"`}function ks(e,t){if(/[\r\n]/.test(e)||/[\r\n]/.test(t))throw new y(`Multipart part header ${JSON.stringify(e)} must not contain line breaks.`)}async function ws(e,t,n){let{value:r,headers:o}=N(t),i=(z(r)?r.type:"")||Yn(n?.contentType,"application/octet-stream");return{name:e,filename:Fn(r)??e,contentType:i,headers:o,content:await Vn(r,i)}}function Gn(e,t,n){let{value:r,headers:o}=N(t);return{name:e,...n?{contentType:n}:{},headers:o,content:H(r)}}function Jn(e,t,n){let{value:r,headers:o}=N(t);return{name:e,contentType:Yn(n?.contentType,"application/json"),headers:o,content:JSON.stringify(r)}}async function vs(e,t,n){if(t==null)return[];if(n?.styled){let i={name:e,in:"query",style:n.style??"form",explode:n.explode??(n.style??"form")==="form",shape:n.shape==="file"||n.shape==="files"?"primitive":n.shape};return ee(i,N(t).value,Mt).map(([a,d])=>Gn(a,d,void 0))}let r=n?.shape??(Lt(t)?"file":Array.isArray(t)?"array":typeof t=="object"&&!(t instanceof Date)?"object":"primitive"),o=n?.contentType&&!/^text\/plain\b/i.test(n.contentType)?n.contentType:void 0,s=async i=>{let a=N(i).value;return r==="file"||r==="files"||Lt(i)?ws(e,i,n):a!==null&&typeof a=="object"&&!(a instanceof Date)||o&&/json/i.test(o)?Jn(e,i,n):Gn(e,i,o)};return Array.isArray(t)&&(r==="files"||r==="array")?Promise.all(t.filter(i=>i!=null).map(s)):[await s(t)]}function zn(){let e=new Uint8Array(16);return globalThis.crypto.getRandomValues(e),`----openapi-client-${Array.from(e,t=>t.toString(16).padStart(2,"0")).join("")}`}async function Qn(e,t=[]){let n=new Map(t.map(a=>[a.name,a])),r=[...t.map(a=>a.name).filter(a=>a in e),...Object.keys(e).filter(a=>!n.has(a))],o=(await Promise.all(r.map(a=>vs(a,e[a],n.get(a))))).flat(),s=zn();for(;o.some(a=>typeof a.content=="string"&&a.content.includes(s));)s=zn();let i=[];for(let a of o){let d=[`--${s}`,`Content-Disposition: form-data; name=${Xn(a.name)}${a.filename!==void 0?`; filename=${Xn(a.filename)}`:""}`];a.contentType&&d.push(`Content-Type: ${a.contentType}`);for(let[l,u]of Object.entries(a.headers))ks(l,u),d.push(`${l}: ${u}`);i.push(`${d.join(`\r
`)}\r
\r
`,a.content,`\r
`)}return i.push(`--${s}--\r
`),{body:new Blob(i),contentType:`multipart/form-data; boundary=${s}`}}function er(e,t){if(t==null)return e[0];let n=e.find(r=>r.mediaType.toLowerCase()===String(t).toLowerCase());if(!n)throw new y(`This operation does not take ${String(t)}; it takes ${e.map(r=>r.mediaType).join(", ")}.`);return n}function $s(e,t=[]){let n=new Map(t.map(o=>[o.name,o]));return[...t.map(o=>o.name).filter(o=>o in e),...Object.keys(e).filter(o=>!n.has(o))].flatMap(o=>{let s=n.get(o),i=e[o];if(s?.styled){let l=s.style??"form",u={name:o,in:"query",style:l,explode:s.explode??l==="form",shape:s.shape==="file"||s.shape==="files"?"primitive":s.shape,...s.allowReserved?{allowReserved:!0}:{}};return ee(u,i)}if(s?.shape==="unknown"&&s.contentType&&/json/i.test(s.contentType))return i==null?[]:ee({name:o,in:"query"},JSON.stringify(i));let a=l=>l!==null&&typeof l=="object"&&!(l instanceof Date)?JSON.stringify(l):H(l);return(Array.isArray(i)?i:[i]).filter(l=>l!=null).flatMap(l=>ee({name:o,in:"query"},a(l)))}).map(([o,s])=>`${o}=${s}`).join("&")}function Zn(e,t){return e.includes("*")?z(t)&&t.type||"application/octet-stream":e}async function Ot(e,t){let n=N(t).value;switch(e.kind){case"multipart":{if(!n||typeof n!="object"||Array.isArray(n))throw new y("A multipart/form-data body is an object whose properties are its parts.");let{body:r,contentType:o}=await Qn(n,e.parts);return{body:r,contentType:o,replayable:!0}}case"form":if(!n||typeof n!="object"||Array.isArray(n))throw new y("A form-urlencoded body is an object whose properties are its fields.");return{body:$s(n,e.parts),contentType:e.mediaType,replayable:!0};case"text":return{body:H(n),contentType:e.mediaType,replayable:!0};case"binary":case"event-stream":case"ndjson":{if(Ge(n))return{body:n,contentType:Zn(e.mediaType,n),replayable:!1};if(z(n)||n instanceof ArrayBuffer||ArrayBuffer.isView(n)||typeof n=="string")return{body:n,contentType:Zn(e.mediaType,n),replayable:!0};throw new y(`A ${e.mediaType} body is a Blob, bytes (Uint8Array, ArrayBuffer), a ReadableStream or a string.`)}default:return{body:JSON.stringify(n),contentType:e.mediaType,replayable:!0}}}function tr(){let e=globalThis.crypto;return e?.randomUUID?e.randomUUID():`${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`}function jt(e,t,n,r,o,s,i=!0){let a=Wn(t.path,t.params,n),d=[Hn(t.params,r),Ps(o)].filter(Boolean).join("&");t.match?.in==="query"&&(d=`${W(t.match.name)}=${W(t.match.value)}${d?`&${d}`:""}`);let l=t.auth;return i&&l?.kind==="query"&&e.apiKey&&(d=`${d?`${d}&`:""}${W(l.name)}=${W(e.apiKey)}`),`${s!==void 0?s.replace(/\/+$/,""):t.baseURL!==void 0?Rs(t.baseURL,e.baseURL):e.baseURL}${a}${d?`?${d}`:""}`}function nr(e,t,n,r,o){let s={accept:o,"user-agent":e.config.userAgent,...Ss(e.defaultHeaders)},i=[],a=t.auth;e.apiKey&&a?.kind==="bearer"&&(s.authorization=`Bearer ${e.apiKey}`),e.apiKey&&a?.kind==="basic"&&(s.authorization=`Basic ${Dn(e.apiKey)}`),e.apiKey&&a?.kind==="header"&&(s[a.name.toLowerCase()]=e.apiKey),a?.kind==="cookie"&&(e.apiKey&&i.push(`${a.name}=${e.apiKey}`),a.csrfHeader&&e.csrfToken&&(s[a.csrfHeader.toLowerCase()]=e.csrfToken)),e.config.specDigest&&(s[e.config.specDigest.header.toLowerCase()]=e.config.specDigest.value),t.match?.in==="header"&&(s[t.match.name.toLowerCase()]=t.match.value);for(let d of t.params)if(d.in==="header"){let l=Kn(d,n[d.name]);l!==void 0&&(s[d.name.toLowerCase()]=l)}else d.in==="cookie"&&i.push(...Bn(d,n[d.name]));if(t.idempotencyHeader)s[t.idempotencyHeader.toLowerCase()]=r.idempotencyKey??tr();else if(r.idempotencyKey!==void 0)throw new y(`${t.method.toUpperCase()} ${t.path} takes no idempotency key: the API declares no idempotency header for it.`);for(let[d,l]of Object.entries(r.headers??{}))l===null?delete s[d.toLowerCase()]:s[d.toLowerCase()]=l;if(i.length>0){if(He()&&!e.config.auth.cookieSession)throw new y("Cookie parameters cannot be sent from a browser: the browser sends its own cookies.");He()||(s.cookie=[...i,...s.cookie?[s.cookie]:[]].join("; "))}return s}var xs={mediaType:"application/json",kind:"json",mode:"merged"};function rr(e,t,n){if(n&&["GET","HEAD"].includes(e.method.toUpperCase()))throw new y(`A ${e.method.toUpperCase()} request has no body: pass extra fields as \`query\`.`);if(!e.bodies||e.bodies.length===0)return n?{spec:xs,value:n}:void 0;let r=er(e.bodies,e.mediaTypeKey?t[e.mediaTypeKey]:void 0),o;if(r.mode==="property")o=t.body;else{let s=new Set([...e.params.filter(a=>a.in!=="path").map(a=>a.name),...e.mediaTypeKey?[e.mediaTypeKey]:[]]),i=Object.fromEntries(Object.entries(t).filter(([a])=>!s.has(a)));o=Object.keys(i).length>0||e.bodyRequired?i:void 0}if(n){let s=o??{};if(!["json","form","multipart"].includes(r.kind)||typeof s!="object"||s===null||Array.isArray(s))throw new y(`Extra body fields need an object body; this call sends ${r.mediaType}.`);o={...s,...n}}return o===void 0?void 0:{spec:r,value:o}}function sr(e,t){let n=new URL(e,t);if(n.origin!==new URL(t).origin)throw new y(`The next page's URL is on ${n.origin}, not ${new URL(t).origin}: not sent with this client's credentials.`);return n.hash="",n.href}function or(e,t,n){let r=t.auth;if(r?.kind!=="query"||!e)return n;let{search:o,searchParams:s}=new URL(n);return s.has(r.name)?n:`${n}${o?"&":"?"}${W(r.name)}=${W(e)}`}function Rs(e,t){if(/^[a-z][a-z0-9+.-]*:/i.test(e))return e;try{return new URL(e,t.endsWith("/")?t:`${t}/`).href.replace(/\/+$/,"")}catch{return e}}function Ps(e){return e?Object.entries(e).flatMap(([t,n])=>(Array.isArray(n)?n:[n]).filter(r=>r!=null).map(r=>`${W(t)}=${W(typeof r=="object"&&!(r instanceof Date)?JSON.stringify(r):H(r))}`)).join("&"):""}function Ss(e){return Object.fromEntries(Object.entries(e).map(([t,n])=>[t.toLowerCase(),n]))}var Je=class{#e="";#t=[];#r;#s;#o;#n=!0;#i=!1;lastEventId;retry;push(t){this.#n&&(t=t.replace(/^\uFEFF/,""),this.#n=t===""&&this.#n),this.#i&&t.startsWith(`
`)&&(t=t.slice(1)),this.#i=!1;let n=[],r=this.#e+t;for(;;){let o=/\r\n|\r|\n/.exec(r);if(!o)break;o[0]==="\r"&&o.index===r.length-1&&(this.#i=!0);let s=r.slice(0,o.index);r=r.slice(o.index+o[0].length);let i=this.#a(s);i&&n.push(i)}return this.#e=r,n}end(){this.#e="",this.#l()}#a(t){if(t==="")return this.#d();if(t.startsWith(":"))return;let n=t.indexOf(":"),r=n===-1?t:t.slice(0,n),o=n===-1?"":t.slice(n+1);switch(o.startsWith(" ")&&(o=o.slice(1)),r){case"event":this.#r=o;break;case"data":this.#t.push(o);break;case"id":o.includes("\0")||(this.#s=o,this.lastEventId=o);break;case"retry":/^\d+$/.test(o)&&(this.#o=Number(o),this.retry=this.#o);break;default:break}}#d(){let t=this.#t.length>0?{...this.#r?{event:this.#r}:{},data:this.#t.join(`
`),...this.#s!==void 0?{id:this.#s}:{},...this.#o!==void 0?{retry:this.#o}:{}}:void 0;return this.#l(),t}#l(){this.#t=[],this.#r=void 0,this.#s=void 0,this.#o=void 0}};async function*ir(e,t){if(!e.body)return;let n=e.body.getReader(),r=new TextDecoder("utf-8"),o=()=>{n.cancel().catch(()=>{})};t.addEventListener("abort",o,{once:!0});try{for(;;){let i;try{i=await n.read()}catch(a){throw t.aborted?new q:a instanceof E?a:new D(`The stream broke off: ${a?.message??String(a)}`,{cause:a})}if(t.aborted)throw new q;if(i.done)break;yield r.decode(i.value,{stream:!0})}let s=r.decode();s&&(yield s)}finally{t.removeEventListener("abort",o),n.releaseLock()}}var _e=class e{constructor(t,n,r){this.iterate=t;this.response=r;this.controller=n}iterate;response;controller;#e=!1;abort(){this.controller.abort()}async*[Symbol.asyncIterator](){if(this.#e)throw new Error("A stream can be iterated once.");this.#e=!0;let t=!1;try{yield*this.iterate(this.controller.signal),t=!0}finally{t||this.controller.abort()}}async toArray(){let t=[];for await(let n of this)t.push(n);return t}static fromSSE(t,n,r,o={}){async function*s(a){let d=new Je,l=t,u=0;for(;;)try{for await(let c of ir(l,a))for(let p of d.push(c))u=0,yield{...p,data:i(p.data)};d.end();return}catch(c){if(!(o.reconnect&&c instanceof D&&d.lastEventId!==void 0&&u<(o.maxReconnects??3)))throw c;u+=1,d.end(),await Es(d.retry??1e3,a),l=await o.reconnect(d.lastEventId)}}let i=a=>{try{return r(a)}catch{throw new E(t.status,a.slice(0,200),"An event's data was not the JSON the spec declares.",t.headers)}};return new e(s,n,t)}static fromNDJSON(t,n){async function*r(o){let s="",i=a=>{try{return JSON.parse(a)}catch{throw new E(t.status,a.slice(0,200),"A line of the stream was not JSON.",t.headers)}};for await(let a of ir(t,o)){s+=a;let d=s.split(`
`);s=d.pop()??"";for(let l of d)l.trim()!==""&&(yield i(l.replace(/\r$/,"")))}s.trim()!==""&&(yield i(s))}return new e(r,n,t)}};function Es(e,t){return new Promise((n,r)=>{if(t.aborted)return r(new q);let o=setTimeout(()=>{t.removeEventListener("abort",s),n()},e),s=()=>{clearTimeout(o),r(new q)};t.addEventListener("abort",s,{once:!0})})}var ze=e=>e.split(";")[0].trim().toLowerCase();function Ts(e,t){let[n,r]=ze(e).split("/"),[o,s]=ze(t).split("/");return(n==="*"||n===o)&&(r==="*"||r===s)}function Dt(e,t){if(!e||e.length===0)return;if(t===void 0)return e[0];let n=e.find(r=>ze(r.mediaType)===ze(t));if(!n)throw new y(`This operation answers ${e.map(r=>r.mediaType).join(", ")}; it cannot answer ${t}.`);return n}async function Ye(e){if(e.status===204||e.status===205)return;let t=await e.text();if(t==="")return;let n=e.headers.get("content-type")??"";if(/json/i.test(n))try{return JSON.parse(t)}catch{throw new E(e.status,t,`Response claimed ${n} but was not JSON.`,e.headers)}return t}function Ut(e,t,n,r){if(!t||t.length===0||r==="HEAD"||e.status===204||e.status===205)return;let o=e.headers.get("content-type");return(o?t.find(s=>Ts(s.mediaType,o)):void 0)??n??t[0]}function ar(e){return e!==void 0&&!["json","text","form"].includes(e.kind)}async function dr(e,t,n){if(t===void 0)return e.status===204||e.status===205?void 0:Ye(e);switch(t.kind){case"json":return Ye(e);case"text":case"form":return e.text();case"event-stream":return _e.fromSSE(e,n.controller,t.dataIsJson?r=>JSON.parse(r):r=>r,{reconnect:n.reconnect,maxReconnects:n.maxReconnects});case"ndjson":return _e.fromNDJSON(e,n.controller);default:return e}}function lr(e,t,n,r,o){let s=n.get("x-should-retry")?.trim().toLowerCase();if(s==="false")return{retry:!1,reason:"the server said x-should-retry: false"};if(s!=="true"&&!Cs(e,t))return{retry:!1,reason:`status ${t} is not retried`};if(o.retriesLeft<=0)return{retry:!1,reason:"no retries left"};let i=e.respectRetryAfter?r:null;return i!==null&&i>o.maxWaitMs?{retry:!1,beyondCap:!0,reason:`the server asked to wait ${i} ms, more than maxRetryWait (${o.maxWaitMs} ms)`}:i!==null?{retry:!0,waitMs:i,reason:s==="true"?"x-should-retry: true; waiting as the server asked":"waiting as the server asked"}:{retry:!0,waitMs:Ht(e,o.retry,o.random),reason:s==="true"?"x-should-retry: true; backoff":"backoff"}}function Cs(e,t){return e.retryableStatuses.includes(t)}function Ht(e,t,n=Math.random){let r=Math.min(e.maxDelayMs,e.initialDelayMs*e.backoffMultiplier**t);return e.jitter==="full"?Math.round(n()*r):e.jitter==="equal"?Math.round(r/2+n()*r/2):r}function Wt(e,t){return new Promise((n,r)=>{if(t?.aborted)return r(new q);let o=setTimeout(()=>{t?.removeEventListener("abort",s),n()},e),s=()=>{clearTimeout(o),r(new q)};t?.addEventListener("abort",s,{once:!0})})}var Qe=class{constructor(t,n){this.timeoutMs=t;this.#r=n,n?.aborted?this.controller.abort():n?.addEventListener("abort",this.#s,{once:!0}),this.#t=setTimeout(()=>{this.#e=!0,this.controller.abort()},t)}timeoutMs;controller=new AbortController;startedAt=Date.now();#e=!1;#t;#r;#s=()=>this.controller.abort();get elapsedMs(){return Date.now()-this.startedAt}stopTimer(){clearTimeout(this.#t)}finish(){clearTimeout(this.#t),this.#r?.removeEventListener("abort",this.#s)}failure(t){return this.#r?.aborted?new q:this.#e?new ae(this.timeoutMs):t instanceof y?t:new D(`Connection error: ${t?.message??String(t)}`,{cause:t})}};function cr(e,t,n){if(!e.body||[204,205,304].includes(e.status))return e;let r=e.body.getReader(),o=n.controller.signal,s,i=()=>{clearTimeout(s),r.cancel().catch(()=>{})};o.addEventListener("abort",i,{once:!0});let a=()=>{o.removeEventListener("abort",i),n.finish()},d=new ReadableStream({async pull(u){let c=new Promise((p,m)=>{s=setTimeout(()=>m(new ae(t,"No data arrived on the stream")),t)});try{let p=await Promise.race([r.read(),c]);if(o.aborted)throw new q;p.done?(a(),u.close()):u.enqueue(p.value)}catch(p){a(),r.cancel().catch(()=>{}),u.error(o.aborted?new q:p)}finally{clearTimeout(s)}},cancel(u){return clearTimeout(s),a(),r.cancel(u)}}),l=new Response(d,{status:e.status,statusText:e.statusText,headers:e.headers});return Object.defineProperty(l,"url",{value:e.url}),l}function ur(e){let t=e;return typeof t=="object"&&t!==null&&typeof t.status=="number"&&typeof t.ok=="boolean"&&typeof t.headers?.get=="function"}function pr(e){let t=new AbortController;return e?.aborted?t.abort():e?.addEventListener("abort",()=>t.abort(),{once:!0}),t}function mr(e){return`${e.method.toUpperCase()} ${e.path}`}var Ze=class{responses;requests;#e;constructor(t){if(!t||typeof t.schemas!="object"||t.schemas===null)throw new y("The validation option needs { schemas }: the operationSchemas of the zod module generated from the same spec.");if(this.responses=t.responses===!0,this.requests=t.requests===!0,!this.responses&&!this.requests)throw new y("The validation option checks nothing: set responses: true, requests: true, or both.");this.#e=t.schemas}async checkRequest(t,n,r){let o=mr(t),s=this.#t(o),i=Object.fromEntries(t.params.filter(c=>c.in==="query").map(c=>[c.name,n[c.name]]).filter(([,c])=>c!=null)),a=s.parameters?.query,d=a&&await Kt(a,i);if(d)throw new de(o,"query",i,d);let l=r?.spec.kind==="json"?s.body?.[r.spec.mediaType]:void 0,u=l&&await Kt(l,r.value);if(u)throw new de(o,"body",r.value,u)}async checkResponse(t,n,r){if(n?.kind!=="json")return;let o=mr(t),s=this.#t(o).responses??{},i=String(r.status),a=`${i[0]}XX`,d=s[i]??s[a]??s[a.toLowerCase()]??s.default,l=p=>new le(o,r,[{message:p}]);if(!d)throw l(`the spec declares no ${i} response for this operation`);let u=d[n.mediaType];if(!u)throw l(`the spec declares no ${n.mediaType} body for the ${i} response`);let c=await Kt(u,r.body);if(c)throw new le(o,r,c)}#t(t){let n=Object.prototype.hasOwnProperty.call(this.#e,t)?this.#e[t]:void 0;if(!n)throw new y(`The validation schemas have no entry for ${t}: pass the operationSchemas of the zod module generated from the same spec as this client.`);return n}};async function Kt(e,t){return(await e["~standard"].validate(t)).issues??void 0}var fr=6e4,ke=class{apiKey;baseURL;maxRetries;timeout;idleTimeout;maxRetryWait;logLevel;_logger;environment;csrfToken;#e;#t;#r;#s;#o;#n;#i;#a=Math.random;constructor(t,n={}){this.#n=t,this.#s=n;let r=Tn();this.logLevel=At(n.logLevel,"The logLevel option")??At(r[t.logEnv],`The ${t.logEnv} environment variable`)??qn;let o=n.logger??console,s=Ct.filter(d=>d!=="off"&&typeof o[d]!="function");if(s.length>0)throw new y(`The logger has no ${s.join(", ")} method: pass an object with debug, info, warn and error.`);if(this._logger=new Ke(this.logLevel,o),this.apiKey=n.apiKey??r[t.apiKeyEnv]??void 0,this.apiKey!==void 0&&Cn(this.apiKey,t.keyPrefixes),t.auth.keyRequired&&!this.apiKey)throw new y(`No API key: pass { apiKey } or set the ${t.apiKeyEnv} environment variable.`);this.baseURL=(n.baseURL??r[t.baseUrlEnv]??t.defaultBaseURL).replace(/\/+$/,""),this.maxRetries=n.maxRetries??t.retryPolicy.maxRetries,this.timeout=n.timeout??t.defaultTimeoutMs??fr,this.idleTimeout=n.idleTimeout??fr,this.maxRetryWait=n.maxRetryWait??6e4;let i=typeof fetch=="function"?fetch:void 0,a=n.fetch??i;if(!a)throw new y("No fetch implementation: pass { fetch } on this runtime.");this.#r=a,this.#t=(d,l)=>a(d,l),this.#o=n.defaultHeaders??{},this.environment=this.apiKey?Tt(this.apiKey,t.keyPrefixes)?.environment??null:null,this.csrfToken=n.csrfToken,this.#e=n.credentials??(t.auth.cookieSession?"same-origin":void 0),this.#i=n.validation?new Ze(n.validation):void 0}withOptions(t){let n=this.constructor,r=new n({...this.#s,apiKey:this.apiKey,baseURL:this.baseURL,csrfToken:this.csrfToken,fetch:this.#r,logger:this._logger.logger,...t,defaultHeaders:{...this.#o,...t.defaultHeaders}});return r.#a=this.#a,r}_setRandom(t){return this.#a=t,this}request(t,n,r,o={}){return new ie(this.#d(t,n,Bt(r),o))}requestPage(t,n,r,o={}){let s=t.pagination;if(!s)throw new y(`${t.method.toUpperCase()} ${t.path} is not a paged list.`);if(!("style"in s)){let d=async l=>{let u=await this.#d(t,n,l,o);return{...u,data:new Ne(s,l,d,u.data)}};return new ge(d({...Bt(r)}))}let i=(d,l)=>async(u,c)=>{let p="params"in u?u.params:l,m="url"in u?sr(u.url,d):jt(this.#c(),t,n,p,o.query,o.baseURL,!1),g=await this.#d(t,n,p,o,void 0,or(this.apiKey,t,m));return{...g,data:new Fe(s,p,i(m,p),g.data,g.headers,m,c)}},a={...Bt(r)};return new ge(i(this.baseURL,a)({params:a}))}async#d(t,n,r,o,s,i){let a=await this.#l(t,n,r,o,s,i);if(this.#i?.responses){let d=t.method.toUpperCase(),l=Dt(t.responses,o.accept);await this.#i.checkResponse(t,Ut(a.response,t.responses,l,d),{status:a.status,body:a.data,headers:a.headers,requestId:a.requestId})}return a}async#l(t,n,r,o,s,i){Ln(this._logger,t,r);let a=i??jt(this.#c(),t,n,r,o.query,o.baseURL),d=Dt(t.responses,o.accept),l=nr(this.#c(),t,r,o,d?.mediaType??"application/json");s!==void 0&&t.resumeHeader&&(l[t.resumeHeader.toLowerCase()]=s);let u=rr(t,r,o.body);this.#i?.requests&&await this.#i.checkRequest(t,r,u);let c=u&&await Ot(u.spec,u.value);c?.contentType&&(l["content-type"]=c.contentType);let p=c&&!c.replayable?0:o.maxRetries??this.maxRetries,m=o.timeout??this.timeout,g=o.maxRetryWait??this.maxRetryWait,w=this.#n.retryPolicy,k=t.method.toUpperCase(),b={method:k,headers:l,body:c?.body,...c&&!c.replayable?{duplex:"half"}:{},...this.#e?{credentials:this.#e}:{}},h=(P,j)=>Mn(this._logger,k,a,l,t.auth,P,p,j);for(let P=0;;P+=1){let j=p-P,L=new Qe(m,o.signal),S;try{if(S=await this.#t(a,{...b,signal:L.controller.signal}),!ur(S))throw new D(`The fetch implementation returned ${S===null?"null":typeof S} instead of a Response.`,{cause:S});if(S.ok||t.redirects?.includes(S.status)){let J=await this.#p(t,S,d,L,n,r,o);return h(P,{status:S.status,requestId:J.requestId,elapsedMs:L.elapsedMs,retry:!1}),J}}catch(J){L.finish();let M=L.failure(J),U=M instanceof D&&j>0&&w.retryOnConnectionError,Qt=U?Ht(w,P,this.#a):void 0;if(h(P,{status:null,error:M.message,elapsedMs:L.elapsedMs,retry:U,waitMs:Qt,reason:U?"backoff":M instanceof q?"aborted":j>0?"not a connection error":"no retries left"}),!U)throw M;await Wt(Qt,o.signal);continue}let X=lr(w,S.status,S.headers,St(S.headers),{retry:P,retriesLeft:j,maxWaitMs:g,random:this.#a});if(h(P,{status:S.status,requestId:this.#u(S),elapsedMs:L.elapsedMs,...X}),X.retry){await S.body?.cancel().catch(()=>{}),L.finish(),await Wt(X.waitMs,o.signal);continue}let se=await Ye(S).catch(()=>{});L.finish();let G=E.generate(S.status,se,S.headers,this.#n.requestIdHeader);throw X.beyondCap&&(G.message+=` Not retried: ${X.reason}.`),G}}async#p(t,n,r,o,s,i,a){let d=Ut(n,t.responses,r,t.method.toUpperCase()),l=ar(d);l&&o.stopTimer();let u=l?cr(n,a.idleTimeout??this.idleTimeout,o):n,c=l?pr(a.signal):o.controller;l&&c.signal.addEventListener("abort",()=>o.controller.abort(),{once:!0});let p=t.resumeHeader?async g=>(await this.#d(t,s,i,{...a,signal:c.signal,accept:r?.mediaType},g)).response:void 0,m=await dr(u,d,{controller:c,reconnect:p,maxReconnects:a.maxRetries??this.maxRetries});return l||o.finish(),{...this.#m(u),data:m}}#c(){return{apiKey:this.apiKey,baseURL:this.baseURL,csrfToken:this.csrfToken,defaultHeaders:this.#o,config:this.#n}}#u(t){return this.#n.requestIdHeader?t.headers.get(this.#n.requestIdHeader):null}#m(t){let n=o=>{let s=o?t.headers.get(o):null;return s!==null&&s!==""&&Number.isFinite(Number(s))?Number(s):null},r={limit:n(this.#n.rateLimitHeaders?.limit),remaining:n(this.#n.rateLimitHeaders?.remaining)};return{response:t,status:t.status,headers:t.headers,requestId:this.#u(t),rateLimit:r}}};function Bt(e){return e&&typeof e=="object"&&!Array.isArray(e)?e:{}}var hr={method:"post",path:"/signup",params:[],bodies:[{mediaType:"application/json",kind:"json",mode:"merged"}],bodyRequired:!0,responses:[{mediaType:"application/json",kind:"json"}]},yr={method:"get",path:"/session",params:[],responses:[{mediaType:"application/json",kind:"json"}],auth:{kind:"cookie",name:"dashboard_session",csrfHeader:"X-CSRF-Token"}},gr={method:"post",path:"/session",params:[],bodies:[{mediaType:"application/json",kind:"json",mode:"merged"}],bodyRequired:!0,responses:[{mediaType:"application/json",kind:"json"}]},br={method:"delete",path:"/session",params:[],auth:{kind:"cookie",name:"dashboard_session",csrfHeader:"X-CSRF-Token"}},_r={method:"delete",path:"/sessions",params:[],auth:{kind:"cookie",name:"dashboard_session",csrfHeader:"X-CSRF-Token"}},kr={method:"post",path:"/email-verification",params:[],bodies:[{mediaType:"application/json",kind:"json",mode:"merged"}],bodyRequired:!0},wr={method:"post",path:"/password-resets",params:[],bodies:[{mediaType:"application/json",kind:"json",mode:"merged"}],bodyRequired:!0},vr={method:"post",path:"/password-resets/confirm",params:[],bodies:[{mediaType:"application/json",kind:"json",mode:"merged"}],bodyRequired:!0},$r={method:"get",path:"/scopes",params:[],responses:[{mediaType:"application/json",kind:"json"}],auth:{kind:"cookie",name:"dashboard_session",csrfHeader:"X-CSRF-Token"}},xr={method:"get",path:"/keys",params:[{name:"environment",in:"query"}],responses:[{mediaType:"application/json",kind:"json"}],auth:{kind:"cookie",name:"dashboard_session",csrfHeader:"X-CSRF-Token"}},Rr={method:"post",path:"/keys",params:[],bodies:[{mediaType:"application/json",kind:"json",mode:"merged"}],bodyRequired:!0,responses:[{mediaType:"application/json",kind:"json"}],auth:{kind:"cookie",name:"dashboard_session",csrfHeader:"X-CSRF-Token"}},Pr={method:"post",path:"/keys/{key_id}/rotate",params:[{name:"key_id",in:"path"}],responses:[{mediaType:"application/json",kind:"json"}],auth:{kind:"cookie",name:"dashboard_session",csrfHeader:"X-CSRF-Token"}},Sr={method:"post",path:"/keys/{key_id}/revoke",params:[{name:"key_id",in:"path"}],responses:[{mediaType:"application/json",kind:"json"}],auth:{kind:"cookie",name:"dashboard_session",csrfHeader:"X-CSRF-Token"}},Er={method:"get",path:"/billing",params:[],responses:[{mediaType:"application/json",kind:"json"}],auth:{kind:"cookie",name:"dashboard_session",csrfHeader:"X-CSRF-Token"}},Tr={method:"put",path:"/billing/plan",params:[],bodies:[{mediaType:"application/json",kind:"json",mode:"merged"}],bodyRequired:!0,responses:[{mediaType:"application/json",kind:"json"}],auth:{kind:"cookie",name:"dashboard_session",csrfHeader:"X-CSRF-Token"}},Cr={method:"get",path:"/webhook-endpoints",params:[{name:"environment",in:"query"}],responses:[{mediaType:"application/json",kind:"json"}],auth:{kind:"cookie",name:"dashboard_session",csrfHeader:"X-CSRF-Token"}},Ar={method:"post",path:"/webhook-endpoints",params:[],bodies:[{mediaType:"application/json",kind:"json",mode:"merged"}],bodyRequired:!0,responses:[{mediaType:"application/json",kind:"json"}],auth:{kind:"cookie",name:"dashboard_session",csrfHeader:"X-CSRF-Token"}},qr={method:"delete",path:"/webhook-endpoints/{endpoint_id}",params:[{name:"endpoint_id",in:"path"}],auth:{kind:"cookie",name:"dashboard_session",csrfHeader:"X-CSRF-Token"}},Ir={method:"post",path:"/webhook-endpoints/{endpoint_id}/rotate-secret",params:[{name:"endpoint_id",in:"path"}],responses:[{mediaType:"application/json",kind:"json"}],auth:{kind:"cookie",name:"dashboard_session",csrfHeader:"X-CSRF-Token"}},Mr={method:"post",path:"/webhook-endpoints/{endpoint_id}/disable",params:[{name:"endpoint_id",in:"path"}],responses:[{mediaType:"application/json",kind:"json"}],auth:{kind:"cookie",name:"dashboard_session",csrfHeader:"X-CSRF-Token"}},Lr={method:"post",path:"/webhook-endpoints/{endpoint_id}/enable",params:[{name:"endpoint_id",in:"path"}],responses:[{mediaType:"application/json",kind:"json"}],auth:{kind:"cookie",name:"dashboard_session",csrfHeader:"X-CSRF-Token"}},Or={method:"get",path:"/webhook-endpoints/{endpoint_id}/deliveries",params:[{name:"endpoint_id",in:"path"}],responses:[{mediaType:"application/json",kind:"json"}],auth:{kind:"cookie",name:"dashboard_session",csrfHeader:"X-CSRF-Token"}},jr={method:"post",path:"/webhook-endpoints/{endpoint_id}/test-events",params:[{name:"endpoint_id",in:"path"}],bodies:[{mediaType:"application/json",kind:"json",mode:"merged"}],bodyRequired:!0,auth:{kind:"cookie",name:"dashboard_session",csrfHeader:"X-CSRF-Token"}},Dr={method:"post",path:"/webhook-events/{event_id}/resend",params:[{name:"event_id",in:"path"}],auth:{kind:"cookie",name:"dashboard_session",csrfHeader:"X-CSRF-Token"}};var et=class extends x{create(t,n){return this._client.request(hr,[],t,n)}};var tt=class extends x{retrieve(t){return this._client.request(yr,[],void 0,t)}create(t,n){return this._client.request(gr,[],t,n)}delete(t){return this._client.request(br,[],void 0,t)}};var nt=class extends x{delete(t){return this._client.request(_r,[],void 0,t)}};var rt=class extends x{create(t,n){return this._client.request(kr,[],t,n)}};var st=class extends x{confirm=new Nt(this._client);create(t,n){return this._client.request(wr,[],t,n)}},Nt=class extends x{create(t,n){return this._client.request(vr,[],t,n)}};var ot=class extends x{retrieve(t){return this._client.request($r,[],void 0,t)}};var it=class extends x{retrieve(t,n){return this._client.request(xr,[],t,n)}create(t,n){return this._client.request(Rr,[],t,n)}rotate(t,n){return this._client.request(Pr,[t],void 0,n)}revoke(t,n){return this._client.request(Sr,[t],void 0,n)}};var at=class extends x{plan=new Ft(this._client);retrieve(t){return this._client.request(Er,[],void 0,t)}},Ft=class extends x{update(t,n){return this._client.request(Tr,[],t,n)}};var dt=class extends x{deliveries=new Vt(this._client);list(t,n){return this._client.request(Cr,[],t,n)}create(t,n){return this._client.request(Ar,[],t,n)}delete(t,n){return this._client.request(qr,[t],void 0,n)}rotateSecret(t,n){return this._client.request(Ir,[t],void 0,n)}disable(t,n){return this._client.request(Mr,[t],void 0,n)}enable(t,n){return this._client.request(Lr,[t],void 0,n)}testEvents(t,n,r){return this._client.request(jr,[t],n,r)}},Vt=class extends x{retrieve(t,n){return this._client.request(Or,[t],void 0,n)}};var lt=class extends x{resend(t,n){return this._client.request(Dr,[t],void 0,n)}};var qs={apiKeyEnv:"ASSESSMENT_SERVICE_DASHBOARD_API_KEY",baseUrlEnv:"ASSESSMENT_SERVICE_DASHBOARD_BASE_URL",logEnv:"ASSESSMENT_SERVICE_DASHBOARD_LOG",defaultBaseURL:"/dashboard/api",retryPolicy:{maxRetries:0,initialDelayMs:500,maxDelayMs:8e3,backoffMultiplier:2,jitter:"full",respectRetryAfter:!0,retryOnConnectionError:!1,retryableStatuses:[]},keyPrefixes:[],auth:{keyRequired:!1,cookieSession:!0},requestIdHeader:"X-Request-Id",rateLimitHeaders:{limit:"X-RateLimit-Limit",remaining:"X-RateLimit-Remaining"},specDigest:{header:"X-Spec-Digest",value:"sha256:1520ec9de2dd95a24691a986e0243a93cfb5fb89b31f577fa2d01734064a7834"},userAgent:"assessment-service-dashboard-client/1.0.0"},ce=class extends ke{signup=new et(this);session=new tt(this);sessions=new nt(this);emailVerification=new rt(this);passwordResets=new st(this);scopes=new ot(this);keys=new it(this);billing=new at(this);webhookEndpoints=new dt(this);webhookEvents=new lt(this);constructor(t={}){super(qs,t)}};var R=new ce({baseURL:"/dashboard/api"}),Xt=e=>(R.csrfToken=e.csrf_token,e);function te(e){if(e instanceof E){let t=e.code?e.body?.message??e.message:e.message,n=e.status===429?e.headers?.get("retry-after"):null;return n?`${t} Try again in ${n} seconds.`:t}return e?.message??String(e)}var ct=e=>e instanceof E&&e.status===401,_={signUp:async(e,t)=>Xt(await R.signup.create({email:e,password:t})),signIn:async(e,t)=>Xt(await R.session.create({email:e,password:t})),session:async()=>Xt(await R.session.retrieve()),signOut:()=>R.session.delete(),signOutEverywhere:()=>R.sessions.delete(),verifyEmail:e=>R.emailVerification.create({token:e}),requestPasswordReset:e=>R.passwordResets.create({email:e}),resetPassword:(e,t)=>R.passwordResets.confirm.create({token:e,password:t}),scopes:async()=>(await R.scopes.retrieve()).data,keys:async e=>(await R.keys.retrieve({environment:e})).data,createKey:e=>R.keys.create(e),rotateKey:e=>R.keys.rotate(e),revokeKey:e=>R.keys.revoke(e),billing:()=>R.billing.retrieve(),changePlan:e=>R.billing.plan.update({tier:e}),endpoints:async e=>(await R.webhookEndpoints.list({environment:e})).data,createEndpoint:e=>R.webhookEndpoints.create(e),rotateEndpointSecret:e=>R.webhookEndpoints.rotateSecret(e),disableEndpoint:e=>R.webhookEndpoints.disable(e),enableEndpoint:e=>R.webhookEndpoints.enable(e),removeEndpoint:e=>R.webhookEndpoints.delete(e),deliveries:async e=>(await R.webhookEndpoints.deliveries.retrieve(e)).data,resendEvent:e=>R.webhookEvents.resend(e),sendTestEvent:(e,t)=>R.webhookEndpoints.testEvents(e,{type:t}),eventTypes:async()=>{let e=await fetch("/openapi.json",{headers:{accept:"application/json"}});if(!e.ok)throw new Error("Could not load the list of event types.");let t=await e.json();return Object.keys(t.webhooks??{})}};var Gt={keys:"API keys",billing:"Billing",webhooks:"Webhooks"},Y=(e,t)=>`${e}-${t.replace(/[^A-Za-z0-9_-]/g,"-")}`,F=e=>e==="test"?"Test mode":"Live mode";function ne({iso:e,empty:t="Never"}){return e?f`<time datetime=${e}>${e.slice(0,16).replace("T"," ")}</time>`:f`<span class="muted">${t}</span>`}function A({error:e,message:t}){return f`
    <p class="notice error" role="alert" hidden=${!e}>${e??""}</p>
    <p class="notice" role="status" hidden=${!t}>${t??""}</p>
  `}function Ur({page:e,environment:t,session:n,children:r}){let o=t==="test"?"live":"test",[s,i]=v(null),a=async d=>{try{await(d?_.signOutEverywhere():_.signOut()),location.assign("/dashboard/signin")}catch(l){i(te(l))}};return f`
    <a class="skip-link" href="#main">Skip to content</a>
    <header class=${`top mode-${t}`}>
      <div class="brand">Assessment Service</div>
      <nav aria-label="Dashboard">
        <ul>
          ${Object.entries(Gt).map(([d,l])=>f`<li>
                <a
                  href=${`/dashboard/${t}/${d}`}
                  aria-current=${d===e?"page":void 0}
                  >${l}</a
                >
              </li>`)}
        </ul>
      </nav>
      <button
        type="button"
        class="mode-switch"
        role="switch"
        aria-checked=${t==="test"}
        onClick=${()=>location.assign(`/dashboard/${o}/${e}`)}
      >
        <span class="switch-track" aria-hidden="true"><span class="switch-thumb"></span></span>
        Test mode
      </button>
      <div class="account">
        <span class="email">${n.user.email}</span>
        <button type="button" class="link" onClick=${()=>a(!1)}>Sign out</button>
        <button type="button" class="link" onClick=${()=>a(!0)}>Sign out everywhere</button>
      </div>
    </header>
    ${t==="test"?f`<p class="mode-banner" data-mode="test">
            <strong>Test mode</strong>: you are managing test data and <code>test_</code> keys. Nothing here
            touches live traffic or billing.
          </p>`:f`<p class="mode-banner live" data-mode="live">
            <strong>Live mode</strong>: you are managing live data and <code>live_</code> keys.
          </p>`}
    <main id="main" tabindex="-1">
      <${A} error=${s} />
      ${t==="live"&&!n.user.email_verified?f`<p class="warning">
              Live keys need a verified e-mail address: open the link in the mail sent to
              ${n.user.email}.
            </p>`:null}
      ${r}
    </main>
  `}function ut({open:e,title:t,onClose:n,children:r}){let o=he(null),s=he(null),i=he(`dialog-${Math.random().toString(36).slice(2)}`).current;return O(()=>{let d=o.current;d&&(e&&!d.open?(s.current=document.activeElement,d.showModal()):!e&&d.open&&d.close())},[e]),O(()=>{e&&o.current?.querySelector("[autofocus], input:not([disabled]), select, textarea, button:not([disabled])")?.focus()},[e,t]),f`
    <dialog ref=${o} aria-labelledby=${i} onClose=${()=>{n();let d=s.current;s.current=null,d&&d.isConnected?d.focus():document.getElementById("main")?.focus()}}>
      ${e?f`<h2 id=${i}>${t}</h2>
              ${r}`:null}
    </dialog>
  `}function pt({label:e,secret:t}){let[n,r]=v(""),o=he(null),s=async()=>{try{await navigator.clipboard.writeText(t),r("Copied to the clipboard.")}catch{o.current?.select(),r("Selected: press Ctrl+C (or Cmd+C) to copy.")}};return f`
    <p class="warning">
      This is the only time the ${e.toLowerCase()} is shown. Copy it and store it somewhere safe now; you
      cannot see it again.
    </p>
    <div class="secret">
      <label for="once-only-secret">${e}</label>
      <input
        id="once-only-secret"
        ref=${o}
        class="secret-value"
        readonly
        value=${t}
        spellcheck="false"
        autocomplete="off"
        autofocus
      />
      <button type="button" onClick=${s}>Copy</button>
    </div>
    <p role="status" class="muted">${n}</p>
  `}function I(){let[e,t]=v(!1),[n,r]=v(null);return{busy:e,error:n,setError:r,run:async s=>{t(!0),r(null);try{await s()}catch(i){ct(i)&&document.body.dataset.environment&&location.assign(`/dashboard/signin?next=${encodeURIComponent(location.pathname)}`),r(te(i))}finally{t(!1)}}}}function Is(e=location.search){let t=new URLSearchParams(e).get("next")??"";return/^\/dashboard\/(test|live)\/(keys|billing|webhooks)$/.test(t)?t:"/dashboard/test/keys"}function Hr(){let e=location.hash.slice(1);return new URLSearchParams(e).get("token")??(/^[A-Za-z0-9_-]+$/.test(e)?e:"")}function mt({title:e,children:t}){return f`
    <main id="main" class="auth" tabindex="-1">
      <p class="brand">Assessment Service</p>
      <h1>${e}</h1>
      ${t}
    </main>
  `}function Wr({mode:e}){let t=I(),n=o=>{o.preventDefault();let s=new FormData(o.currentTarget),i=String(s.get("email")??"").trim(),a=String(s.get("password")??"");t.run(async()=>{e==="signup"?await _.signUp(i,a):await _.signIn(i,a),location.assign(Is())})},r=e==="signup";return f`
    <form onSubmit=${n} class="card">
      <${A} error=${t.error} />
      <div class="field">
        <label for="email">E-mail</label>
        <input id="email" name="email" type="email" required autocomplete="email" autofocus />
      </div>
      <div class="field">
        <label for="password">Password</label>
        <input
          id="password"
          name="password"
          type="password"
          required
          minlength=${r?12:void 0}
          maxlength="256"
          autocomplete=${r?"new-password":"current-password"}
          aria-describedby=${r?"password-hint":void 0}
        />
        ${r?f`<p id="password-hint" class="hint">At least 12 characters.</p>`:null}
      </div>
      <button type="submit" class="primary" disabled=${t.busy}>
        ${r?"Create account":"Sign in"}
      </button>
    </form>
    ${r?f`<p>Already have an account? <a href="/dashboard/signin">Sign in</a></p>`:f`<p>
            New here? <a href="/dashboard/signup">Create an account</a> ·
            <a href="/dashboard/reset-password">Forgot your password?</a>
          </p>`}
  `}var Kr=()=>f`<${mt} title="Sign in to the dashboard"><${Wr} mode="signin" /><//>`,Br=()=>f`<${mt} title="Create your account"
    ><p>Test keys work at once; live keys need a verified e-mail address.</p>
    <${Wr} mode="signup"
  /><//>`;function Nr(){let[e,t]=v("working"),[n,r]=v(null);return O(()=>{let o=Hr();if(!o){t("failed"),r("This link has no verification token. Open the link from the mail again.");return}_.verifyEmail(o).then(()=>t("done"),s=>{t("failed"),r(te(s))})},[]),f`
    <${mt} title="Verify your e-mail">
      ${e==="working"?f`<p aria-busy="true">Verifying…</p>`:null}
      ${e==="done"?f`<p role="status">Your e-mail address is verified. You can now create live keys.</p>
              <p><a href="/dashboard/live/keys">Go to live keys</a></p>`:null}
      <${A} error=${n} />
    <//>
  `}function Fr(){let e=Hr(),t=I(),[n,r]=v(null),o=s=>{s.preventDefault();let i=new FormData(s.currentTarget);t.run(async()=>{e?(await _.resetPassword(e,String(i.get("password")??"")),r("Your password is changed, and every other session is signed out. Sign in with the new password.")):(await _.requestPasswordReset(String(i.get("email")??"").trim()),r("If an account has that address, a reset link is on its way."))})};return f`
    <${mt} title=${e?"Choose a new password":"Reset your password"}>
      <${A} error=${t.error} message=${n} />
      ${n?f`<p><a href="/dashboard/signin">Sign in</a></p>`:f`<form onSubmit=${o} class="card">
              ${e?f`<div class="field">
                      <label for="password">New password</label
                      ><input
                        id="password"
                        name="password"
                        type="password"
                        required
                        minlength="12"
                        maxlength="256"
                        autocomplete="new-password"
                        autofocus
                      />
                    </div>`:f`<div class="field">
                      <label for="email">E-mail</label
                      ><input id="email" name="email" type="email" required autocomplete="email" autofocus />
                    </div>`}
              <button type="submit" class="primary" disabled=${t.busy}>
                ${e?"Change password":"Send reset link"}
              </button>
            </form>`}
    <//>
  `}var ft=e=>e.toLocaleString("en-US");function Ms(e){let t=e.monthly_cents===0?"Free":`${ht(e.monthly_cents,e.currency)} a month`,n=e.included_live_requests>0?`, ${ft(e.included_live_requests)} live requests included`:"",r=e.per_thousand_live_requests_cents>0?`, then ${ht(e.per_thousand_live_requests_cents,e.currency)} per 1,000`:"";return`${t}${n}${r}`}var ht=(e,t)=>new Intl.NumberFormat("en-US",{style:"currency",currency:t.toUpperCase()}).format(e/100);function Vr({environment:e}){let[t,n]=v(null),[r,o]=v(null),s=I(),i=I();if(O(()=>{s.run(async()=>n(await _.billing()))},[]),!t)return f`<h1>
        Billing <span class=${`mode-badge mode-${e}`}>${F(e)}</span>
      </h1>
      <${A} error=${s.error} />
      ${s.error?null:f`<p aria-busy="true">Loading billing…</p>`}`;let a=t.daily.filter(u=>u.live_requests>0),d=t.tiers.findIndex(u=>u.tier===t.tier),l=u=>i.run(async()=>{let c=await _.changePlan(u.tier);n(c),o(`Your account is now on tier ${c.tier} (${c.plan}). New rate limits apply to the next request.`)});return f`
    <h1>Billing <span class=${`mode-badge mode-${e}`}>${F(e)}</span></h1>
    <p class="lead">
      Billing is for the whole account. Only live requests are metered; test-mode traffic is free.
    </p>
    <${A} error=${i.error??s.error} message=${r} />
    <section aria-labelledby="plan-heading">
      <h2 id="plan-heading">Your plan</h2>
      <p class="current-tier">
        Current tier: <strong data-testid="current-tier">Tier ${t.tier} (${t.plan})</strong>.
        Changes take effect on the next API request.
      </p>
      <div class="table-wrap">
        <table class="tiers">
          <caption class="visually-hidden">
            Tiers and their rate limits
          </caption>
          <thead>
            <tr>
              <th scope="col">Tier</th>
              <th scope="col">Plan</th>
              <th scope="col">Per key</th>
              <th scope="col">Per account</th>
              <th scope="col">Price</th>
              <th scope="col"><span class="visually-hidden">Change</span></th>
            </tr>
          </thead>
          <tbody>
            ${t.tiers.map((u,c)=>{let p=u.tier===t.tier,m=c>d?"Upgrade":"Downgrade";return f`
                <tr
                  key=${u.tier}
                  aria-current=${p?"true":void 0}
                  class=${p?"current":""}
                >
                  <th scope="row">Tier ${u.tier}</th>
                  <td>${u.plan}</td>
                  <td class="number">${ft(u.per_key)} / min</td>
                  <td class="number">${ft(u.per_account)} / min</td>
                  <td>${Ms(u.price)}</td>
                  <td>
                    ${p?f`<span class="muted">Current</span>`:f`<button type="button" disabled=${i.busy} onClick=${()=>l(u)}>${m} to ${u.plan}</button>`}
                  </td>
                </tr>
              `})}
          </tbody>
        </table>
      </div>
    </section>
    <section aria-labelledby="usage-heading">
      <h2 id="usage-heading">Usage in ${t.month}</h2>
      <p>
        Metered live requests this month:
        <strong data-testid="live-requests">${t.live_requests.toLocaleString("en-US")}</strong>.
        Estimated invoice:
        <strong data-testid="estimate-total"
          >${ht(t.estimate.total_cents,t.estimate.currency)}</strong
        >.
      </p>
      ${t.estimate.lines.length?f`<table class="estimate">
              <caption>
                Estimate for ${t.month}
              </caption>
              <thead>
                <tr>
                  <th scope="col">Line</th>
                  <th scope="col" class="number">Quantity</th>
                  <th scope="col" class="number">Amount</th>
                </tr>
              </thead>
              <tbody>
                ${t.estimate.lines.map(u=>f`<tr>
                      <td>${u.description}</td>
                      <td class="number">${ft(u.quantity)}</td>
                      <td class="number">${ht(u.amount_cents,t.estimate.currency)}</td>
                    </tr>`)}
              </tbody>
            </table>`:null}
      <div class="usage">
        <${js} daily=${t.daily} month=${t.month} />
        <table class="daily">
          <caption>
            Live requests per day (days with traffic)
          </caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col" class="number">Live requests</th>
            </tr>
          </thead>
          <tbody>
            ${a.length===0?f`<tr>
                    <td colspan="2" class="empty">No live requests yet this month.</td>
                  </tr>`:null}
            ${a.map(u=>f`<tr>
                  <td><time datetime=${u.date}>${u.date}</time></td>
                  <td class="number">${u.live_requests.toLocaleString("en-US")}</td>
                </tr>`)}
          </tbody>
        </table>
      </div>
    </section>
  `}var Jt=620,Q=160,re=44,Ls=e=>e>=1e4?`${Math.round(e/1e3)}k`:String(e);function Os(e,t){let[n,r]=e.split("-").map(Number),o=new Date(Date.UTC(n,r,0)).getUTCDate(),s=new Map(t.map(i=>[i.date,i.live_requests]));return Array.from({length:o},(i,a)=>{let d=`${e}-${String(a+1).padStart(2,"0")}`;return{date:d,live_requests:s.get(d)??0}})}function js({daily:e,month:t}){let n=Os(t,e),r=Math.max(1,...n.map(a=>a.live_requests)),o=(Jt-re)/n.length,s=o*.7,i=n.reduce((a,d)=>a+d.live_requests,0);return f`
    <figure class="chart">
      <svg
        viewBox=${`0 0 ${Jt} ${Q+22}`}
        role="img"
        aria-labelledby="usage-chart-title usage-chart-desc"
        class="usage-chart"
      >
        <title id="usage-chart-title">Live requests per day in ${t}</title>
        <desc id="usage-chart-desc">
          ${i} live requests in ${t}, at most ${r} in a day. The table beside the chart lists every
          day with traffic.
        </desc>
        <line x1=${re} y1=${Q} x2=${Jt} y2=${Q} class="axis" />
        <line x1=${re} y1="4" x2=${re} y2=${Q} class="axis" />
        <text x=${re-6} y="14" text-anchor="end" class="tick">${Ls(r)}</text>
        <text x=${re-6} y=${Q} text-anchor="end" class="tick">0</text>
        ${n.map((a,d)=>{let l=a.live_requests/r*(Q-10),u=re+d*o+(o-s)/2,c=d===0||(d+1)%5===0;return f`
            ${a.live_requests>0?f`<rect x=${u} y=${Q-l} width=${s} height=${l} class="bar"><title>${a.date}: ${a.live_requests}</title></rect>`:null}
            ${c?f`<text x=${u+s/2} y=${Q+16} text-anchor="middle" class="tick">${d+1}</text>`:null}
          `})}
      </svg>
      <figcaption>Live requests per day of ${t} (UTC).</figcaption>
    </figure>
  `}var V=e=>e.name??"Unnamed key";function Xr({environment:e}){let[t,n]=v(null),[r,o]=v([]),[s,i]=v(null),[a,d]=v(null),l=I(),u=()=>l.run(async()=>n(await _.keys(e)));O(()=>{l.run(async()=>{let[p,m]=await Promise.all([_.keys(e),_.scopes()]);n(p),o(m)})},[e]);let c=s?.kind==="create"?`Create a ${e} key`:s?.kind==="secret"?s.title:s?.kind==="rotate"?`Rotate ${V(s.key)}?`:s?.kind==="revoke"?`Revoke ${V(s.key)}?`:"";return f`
    <div class="page-heading">
      <h1>API keys <span class=${`mode-badge mode-${e}`}>${F(e)}</span></h1>
      <button type="button" class="primary" onClick=${()=>i({kind:"create"})}>Create key</button>
    </div>
    <p class="lead">
      Keys for the ${e} environment. Secret keys (<code>${e}_sk_</code>) belong on your
      server; publishable keys (<code>${e}_pk_</code>) may ship in a browser.
    </p>
    <${A} error=${l.error} message=${a} />
    ${t===null?f`<p aria-busy="true">Loading keys…</p>`:f`
            <div class="table-wrap">
              <table class="keys">
                <caption class="visually-hidden">
                  ${F(e)} API keys
                </caption>
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">Type</th>
                    <th scope="col">Environment</th>
                    <th scope="col">Key</th>
                    <th scope="col">Scopes</th>
                    <th scope="col">Created (UTC)</th>
                    <th scope="col">Last used (UTC)</th>
                    <th scope="col">Status</th>
                    <th scope="col"><span class="visually-hidden">Actions</span></th>
                  </tr>
                </thead>
                <tbody>
                  ${t.length===0?f`<tr>
                          <td colspan="9" class="empty">
                            No ${e} keys yet. Create one to call the API.
                          </td>
                        </tr>`:null}
                  ${t.map(p=>f`
                      <tr key=${p.id} data-key-id=${p.id}>
                        <th scope="row" class="name">${V(p)}</th>
                        <td>${p.type==="sk"?"Secret":"Publishable"}</td>
                        <td>${p.environment}</td>
                        <td><code class="redacted">${p.redacted}</code></td>
                        <td>${p.scopes.map(m=>f`<code class="scope">${m}</code> `)}</td>
                        <td><${ne} iso=${p.created_at} /></td>
                        <td><${ne} iso=${p.last_used_at} /></td>
                        <td>
                          <span class=${`status status-${p.status}`}
                            >${p.status==="active"?"Active":"Revoked"}</span
                          >
                        </td>
                        <td class="actions">
                          ${p.status==="active"?f`
                                  <button
                                    type="button"
                                    onClick=${()=>i({kind:"rotate",key:p})}
                                    aria-label=${`Rotate ${V(p)}`}
                                  >
                                    Rotate
                                  </button>
                                  <button
                                    type="button"
                                    class="danger"
                                    onClick=${()=>i({kind:"revoke",key:p})}
                                    aria-label=${`Revoke ${V(p)}`}
                                  >
                                    Revoke
                                  </button>
                                `:null}
                        </td>
                      </tr>
                    `)}
                </tbody>
              </table>
            </div>
          `}
    <${ut} open=${s!==null} title=${c} onClose=${()=>i(null)}>
      ${s?.kind==="create"?f`<${Ds}
              environment=${e}
              scopes=${r}
              onCancel=${()=>i(null)}
              onCreated=${(p,m)=>{i({kind:"secret",title:`Your new key ${m}`,secret:p}),d(`Created the key ${m}.`),u()}}
            />`:null}
      ${s?.kind==="secret"?f`<${Us} secret=${s.secret} onDone=${()=>i(null)} />`:null}
      ${s?.kind==="rotate"?f`<${we}
              text=${`The current key ${s.key.redacted} stops working immediately, and a new key with the same name and scopes is shown once.`}
              confirm="Rotate key"
              onCancel=${()=>i(null)}
              onConfirm=${async()=>{let p=await _.rotateKey(s.key.id);i({kind:"secret",title:`The new key for ${V(p.key)}`,secret:p.secret}),d(`Rotated the key ${V(p.key)}; the old key no longer works.`),u()}}
            />`:null}
      ${s?.kind==="revoke"?f`<${we}
              text=${`Requests with ${s.key.redacted} will be refused (401) from now on. This cannot be undone.`}
              confirm="Revoke key"
              danger=${!0}
              onCancel=${()=>i(null)}
              onConfirm=${async()=>{let p=await _.revokeKey(s.key.id);i(null),d(`Revoked the key ${V(p)}.`),u()}}
            />`:null}
    <//>
  `}function Ds({environment:e,scopes:t,onCancel:n,onCreated:r}){let o=I();return f`
    <form onSubmit=${i=>{i.preventDefault();let a=new FormData(i.currentTarget),d=String(a.get("name")??"").trim(),l=a.get("type")==="pk"?"pk":"sk",u=a.getAll("scopes").map(String);if(u.length===0){o.setError("Choose at least one scope.");return}o.run(async()=>{let c=await _.createKey({name:d,type:l,environment:e,scopes:u});r(c.secret,V(c.key))})}} novalidate=${!1}>
      <${A} error=${o.error} />
      <div class="field">
        <label for="key-name">Name</label>
        <input
          id="key-name"
          name="name"
          required
          maxlength="100"
          autocomplete="off"
          aria-describedby="key-name-hint"
          autofocus
        />
        <p id="key-name-hint" class="hint">Say where it is used, e.g. "nightly import".</p>
      </div>
      <fieldset>
        <legend>Type</legend>
        <label
          ><input type="radio" name="type" value="sk" checked /> Secret key (<code>${e}_sk_</code>):
          for your server</label
        >
        <label
          ><input type="radio" name="type" value="pk" /> Publishable key (<code>${e}_pk_</code>):
          safe in a browser</label
        >
      </fieldset>
      <fieldset>
        <legend>Scopes</legend>
        ${t.map(i=>f`
            <div class="checkbox">
              <input
                type="checkbox"
                id=${Y("scope",i.scope)}
                name="scopes"
                value=${i.scope}
                disabled=${!i.mintable}
                aria-describedby=${Y("scope-about",i.scope)}
              />
              <label for=${Y("scope",i.scope)}><code>${i.scope}</code></label>
              <span id=${Y("scope-about",i.scope)} class="hint"
                >${i.description}${i.mintable?"":" (available when the product launches)"}</span
              >
            </div>
          `)}
      </fieldset>
      <div class="buttons">
        <button type="button" onClick=${n}>Cancel</button>
        <button type="submit" class="primary" disabled=${o.busy}>Create key</button>
      </div>
    </form>
  `}function Us({secret:e,onDone:t}){return f`
    <${pt} label="API key" secret=${e} />
    <div class="buttons"><button type="button" class="primary" onClick=${t}>Done</button></div>
  `}function we({text:e,confirm:t,danger:n=!1,onCancel:r,onConfirm:o}){let s=I();return f`
    <p>${e}</p>
    <${A} error=${s.error} />
    <div class="buttons">
      <button type="button" onClick=${r} autofocus>Cancel</button>
      <button
        type="button"
        class=${n?"danger":"primary"}
        disabled=${s.busy}
        onClick=${()=>s.run(o)}
      >
        ${t}
      </button>
    </div>
  `}var ue=e=>e.status==="enabled";function Gr({environment:e}){let[t,n]=v(null),[r,o]=v([]),[s,i]=v(null),[a,d]=v(null),[l,u]=v(null),c=I(),p=I(),m=()=>c.run(async()=>n(await _.endpoints(e)));O(()=>{c.run(async()=>{let[h,P]=await Promise.all([_.endpoints(e),_.eventTypes()]);n(h),o(P)})},[e]);let g=h=>p.run(async()=>{ue(h)?await _.disableEndpoint(h.id):await _.enableEndpoint(h.id),u(`${ue(h)?"Disabled":"Enabled"} ${h.url}.`),await m()}),w={add:`Add a ${e} endpoint`,rotate:"Rotate the signing secret?",remove:"Remove this endpoint?",test:"Send a test event"},k=s?s.kind==="secret"?s.title:w[s.kind]:"",b=t?.find(h=>h.id===a);return f`
    <div class="page-heading">
      <h1>Webhooks <span class=${`mode-badge mode-${e}`}>${F(e)}</span></h1>
      <button type="button" class="primary" onClick=${()=>i({kind:"add"})}>Add endpoint</button>
    </div>
    <p class="lead">
      Endpoints that receive ${e==="test"?"test-mode":"live"} events, signed with their own
      secret (Standard Webhooks).
    </p>
    <${A} error=${p.error??c.error} message=${l} />
    ${t===null?f`<p aria-busy="true">Loading endpoints…</p>`:f`
            <div class="table-wrap">
              <table class="endpoints">
                <caption class="visually-hidden">
                  ${F(e)} webhook endpoints
                </caption>
                <thead>
                  <tr>
                    <th scope="col">URL</th>
                    <th scope="col">Events</th>
                    <th scope="col">Status</th>
                    <th scope="col">Created (UTC)</th>
                    <th scope="col"><span class="visually-hidden">Actions</span></th>
                  </tr>
                </thead>
                <tbody>
                  ${t.length===0?f`<tr>
                          <td colspan="5" class="empty">No ${e} endpoints yet.</td>
                        </tr>`:null}
                  ${t.map(h=>f`
                      <tr key=${h.id} data-endpoint-id=${h.id}>
                        <th scope="row" class="url"><code>${h.url}</code></th>
                        <td>${h.events.map(P=>f`<code class="scope">${P}</code> `)}</td>
                        <td>
                          <span class=${`status status-${ue(h)?"active":"revoked"}`}
                            >${ue(h)?"Enabled":"Disabled"}</span
                          >${h.disabled_reason?f`<p class="hint">${h.disabled_reason}</p>`:null}
                        </td>
                        <td><${ne} iso=${h.created_at} empty="—" /></td>
                        <td class="actions">
                          <button
                            type="button"
                            aria-pressed=${a===h.id}
                            onClick=${()=>d(a===h.id?null:h.id)}
                            aria-label=${`Deliveries to ${h.url}`}
                          >
                            Deliveries
                          </button>
                          <button
                            type="button"
                            onClick=${()=>i({kind:"test",endpoint:h})}
                            aria-label=${`Send a test event to ${h.url}`}
                          >
                            Send test event
                          </button>
                          <button
                            type="button"
                            onClick=${()=>i({kind:"rotate",endpoint:h})}
                            aria-label=${`Rotate the secret of ${h.url}`}
                          >
                            Rotate secret
                          </button>
                          <button
                            type="button"
                            disabled=${p.busy}
                            onClick=${()=>g(h)}
                            aria-label=${`${ue(h)?"Disable":"Enable"} ${h.url}`}
                          >
                            ${ue(h)?"Disable":"Enable"}
                          </button>
                          <button
                            type="button"
                            class="danger"
                            onClick=${()=>i({kind:"remove",endpoint:h})}
                            aria-label=${`Remove ${h.url}`}
                          >
                            Remove
                          </button>
                        </td>
                      </tr>
                    `)}
                </tbody>
              </table>
            </div>
          `}
    ${b?f`<${Ks} endpoint=${b} onMessage=${u} />`:null}
    <${ut} open=${s!==null} title=${k} onClose=${()=>i(null)}>
      ${s?.kind==="add"?f`<${Hs}
              environment=${e}
              eventTypes=${r}
              onCancel=${()=>i(null)}
              onCreated=${(h,P)=>{i({kind:"secret",title:`Signing secret for ${h.url}`,secret:P}),u(`Added ${h.url}.`),d(h.id),m()}}
            />`:null}
      ${s?.kind==="secret"?f`<${pt} label="Signing secret" secret=${s.secret} />
              <div class="buttons">
                <button type="button" class="primary" onClick=${()=>i(null)}>Done</button>
              </div>`:null}
      ${s?.kind==="rotate"?f`<${we}
              text=${`Deliveries to ${s.endpoint.url} will be signed with a new secret, shown once. Update your receiver before the next event.`}
              confirm="Rotate secret"
              onCancel=${()=>i(null)}
              onConfirm=${async()=>{let h=await _.rotateEndpointSecret(s.endpoint.id);i({kind:"secret",title:`New signing secret for ${h.endpoint.url}`,secret:h.secret})}}
            />`:null}
      ${s?.kind==="remove"?f`<${we}
              text=${`${s.endpoint.url} will receive no more events. This cannot be undone.`}
              confirm="Remove endpoint"
              danger=${!0}
              onCancel=${()=>i(null)}
              onConfirm=${async()=>{await _.removeEndpoint(s.endpoint.id),a===s.endpoint.id&&d(null),i(null),u(`Removed ${s.endpoint.url}.`),await m()}}
            />`:null}
      ${s?.kind==="test"?f`<${Ws}
              endpoint=${s.endpoint}
              eventTypes=${s.endpoint.events.includes("*")?r:s.endpoint.events}
              onCancel=${()=>i(null)}
              onSent=${h=>{i(null),d(s.endpoint.id),u(`Sent a test ${h} event to ${s.endpoint.url}; it appears under its deliveries.`)}}
            />`:null}
    <//>
  `}function Hs({environment:e,eventTypes:t,onCancel:n,onCreated:r}){let o=I();return f`
    <form onSubmit=${i=>{i.preventDefault();let a=new FormData(i.currentTarget),d=String(a.get("url")??"").trim(),l=a.getAll("events").map(String);if(l.length===0){o.setError("Choose at least one event type.");return}o.run(async()=>{let u=await _.createEndpoint({environment:e,url:d,events:l});r(u.endpoint,u.secret)})}}>
      <${A} error=${o.error} />
      <div class="field">
        <label for="endpoint-url">Endpoint URL</label>
        <input
          id="endpoint-url"
          name="url"
          type="url"
          required
          autocomplete="off"
          placeholder="https://example.com/webhooks"
          autofocus
        />
      </div>
      <fieldset>
        <legend>Events to send</legend>
        ${t.map(i=>f`<div class="checkbox">
              <input type="checkbox" id=${Y("event",i)} name="events" value=${i} /><label
                for=${Y("event",i)}
                ><code>${i}</code></label
              >
            </div>`)}
      </fieldset>
      <div class="buttons">
        <button type="button" onClick=${n}>Cancel</button>
        <button type="submit" class="primary" disabled=${o.busy}>Add endpoint</button>
      </div>
    </form>
  `}function Ws({endpoint:e,eventTypes:t,onCancel:n,onSent:r}){let o=I();return f`
    <form onSubmit=${i=>{i.preventDefault();let a=String(new FormData(i.currentTarget).get("type")??"");o.run(async()=>{await _.sendTestEvent(e.id,a),r(a)})}}>
      <p>A sample event is signed and delivered to <code>${e.url}</code> like a real one.</p>
      <${A} error=${o.error} />
      <div class="field">
        <label for="test-event-type">Event type</label>
        <select id="test-event-type" name="type" autofocus>
          ${t.map(i=>f`<option value=${i}>${i}</option>`)}
        </select>
      </div>
      <div class="buttons">
        <button type="button" onClick=${n}>Cancel</button>
        <button type="submit" class="primary" disabled=${o.busy}>Send test event</button>
      </div>
    </form>
  `}function Ks({endpoint:e,onMessage:t}){let[n,r]=v(null),o=I(),s=I(),i=()=>o.run(async()=>r(await _.deliveries(e.id)));return O(()=>{i()},[e.id]),f`
    <section class="deliveries" aria-labelledby="deliveries-heading">
      <div class="page-heading">
        <h2 id="deliveries-heading">Recent deliveries to <code>${e.url}</code></h2>
        <button type="button" onClick=${i} disabled=${o.busy}>Refresh</button>
      </div>
      <${A} error=${s.error??o.error} />
      ${n===null?f`<p aria-busy="true">Loading deliveries…</p>`:f`
              <div class="table-wrap">
                <table class="deliveries-table">
                  <caption class="visually-hidden">
                    Recent deliveries
                  </caption>
                  <thead>
                    <tr>
                      <th scope="col">Event</th>
                      <th scope="col">Status</th>
                      <th scope="col" class="number">Attempts</th>
                      <th scope="col" class="number">Response</th>
                      <th scope="col">Last attempt (UTC)</th>
                      <th scope="col">Next attempt (UTC)</th>
                      <th scope="col"><span class="visually-hidden">Actions</span></th>
                    </tr>
                  </thead>
                  <tbody>
                    ${n.length===0?f`<tr>
                            <td colspan="7" class="empty">
                              No deliveries yet. Send a test event to try the endpoint.
                            </td>
                          </tr>`:null}
                    ${n.map(a=>f`
                        <tr key=${a.id} data-delivery-id=${a.id}>
                          <th scope="row">
                            <code>${a.event_type}</code>
                            <span class="muted">${a.event_id}</span>
                          </th>
                          <td>
                            <span class=${`status delivery-${a.status}`}>${a.status}</span>
                          </td>
                          <td class="number">${a.attempts}</td>
                          <td class="number">${a.response_status??"\u2014"}</td>
                          <td><${ne} iso=${a.last_attempt_at} empty="—" /></td>
                          <td><${ne} iso=${a.next_attempt_at} empty="—" /></td>
                          <td class="actions">
                            <button
                              type="button"
                              disabled=${s.busy}
                              aria-label=${`Resend ${a.event_type} ${a.event_id}`}
                              onClick=${()=>s.run(async()=>{await _.resendEvent(a.event_id),t(`Queued ${a.event_id} again.`),await i()})}
                            >
                              Resend
                            </button>
                          </td>
                        </tr>
                      `)}
                  </tbody>
                </table>
              </div>
            `}
    </section>
  `}var zr={keys:Xr,billing:Vr,webhooks:Gr},Jr={signin:Kr,signup:Br,"verify-email":Nr,"reset-password":Fr};function Bs({page:e,environment:t}){let[n,r]=v(null),[o,s]=v(null);if(O(()=>{_.session().then(r,a=>{ct(a)?location.replace(`/dashboard/signin?next=${encodeURIComponent(location.pathname)}`):s(te(a))})},[]),!n)return f`<main id="main">
      <h1>${Gt[e]}</h1>
      ${o?f`<${A} error=${o} />`:f`<p aria-busy="true">Loading…</p>`}
    </main>`;let i=zr[e];return f`<${Ur} page=${e} environment=${t} session=${n}
    ><${i} environment=${t}
  /><//>`}var zt=document.getElementById("app"),{page:yt="",environment:Yt}=document.body.dataset;if(zt){if(yt in zr&&(Yt==="test"||Yt==="live"))Te(f`<${Bs} page=${yt} environment=${Yt} />`,zt);else if(yt in Jr){let e=Jr[yt];Te(f`<${e} />`,zt),window.addEventListener("hashchange",()=>location.reload())}}
