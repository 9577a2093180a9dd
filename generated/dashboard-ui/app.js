// Built by `npm run generate` from service/dashboard/ui/ (esbuild 0.28.2); do not edit.
var ve,w,Xt,Nr,Z,Bt,Gt,Jt,zt,yt,mt,ft,Fr,ce={},Yt=[],Vr=/acit|ex(?:s|g|n|p|$)|rph|grid|ows|mnc|ntw|ine[ch]|zoo|^ord|itera/i,$e=Array.isArray;function N(e,t){for(var n in t)e[n]=t[n];return e}function gt(e){e&&e.parentNode&&e.parentNode.removeChild(e)}function xe(e,t,n){var r,s,o,i={};for(o in t)o=="key"?r=t[o]:o=="ref"?s=t[o]:i[o]=t[o];if(arguments.length>2&&(i.children=arguments.length>3?ve.call(arguments,2):n),typeof e=="function"&&e.defaultProps!=null)for(o in e.defaultProps)i[o]===void 0&&(i[o]=e.defaultProps[o]);return ke(e,i,r,s,null)}function ke(e,t,n,r,s){var o={type:e,props:t,key:n,ref:r,__k:null,__:null,__b:0,__e:null,__c:null,constructor:void 0,__v:s??++Xt,__i:-1,__u:0};return s==null&&w.vnode!=null&&w.vnode(o),o}function Re(e){return e.children}function le(e,t){this.props=e,this.context=t}function re(e,t){if(t==null)return e.__?re(e.__,e.__i+1):null;for(var n;t<e.__k.length;t++)if((n=e.__k[t])!=null&&n.__e!=null)return n.__e;return typeof e.type=="function"?re(e):null}function Qt(e){var t,n;if((e=e.__)!=null&&e.__c!=null){for(e.__e=e.__c.base=null,t=0;t<e.__k.length;t++)if((n=e.__k[t])!=null&&n.__e!=null){e.__e=e.__c.base=n.__e;break}return Qt(e)}}function Nt(e){(!e.__d&&(e.__d=!0)&&Z.push(e)&&!we.__r++||Bt!=w.debounceRendering)&&((Bt=w.debounceRendering)||Gt)(we)}function we(){for(var e,t,n,r,s,o,i,a=1;Z.length;)Z.length>a&&Z.sort(Jt),e=Z.shift(),a=Z.length,e.__d&&(n=void 0,r=void 0,s=(r=(t=e).__v).__e,o=[],i=[],t.__P&&((n=N({},r)).__v=r.__v+1,w.vnode&&w.vnode(n),bt(t.__P,n,r,t.__n,t.__P.namespaceURI,32&r.__u?[s]:null,o,s??re(r),!!(32&r.__u),i),n.__v=r.__v,n.__.__k[n.__i]=n,tn(o,n,i),r.__e=r.__=null,n.__e!=s&&Qt(n)));we.__r=0}function Zt(e,t,n,r,s,o,i,a,d,l,u){var c,p,f,y,P,$,b,h=r&&r.__k||Yt,T=t.length;for(d=Xr(n,t,h,d,T),c=0;c<T;c++)(f=n.__k[c])!=null&&(p=f.__i==-1?ce:h[f.__i]||ce,f.__i=c,$=bt(e,f,p,s,o,i,a,d,l,u),y=f.__e,f.ref&&p.ref!=f.ref&&(p.ref&&_t(p.ref,null,f),u.push(f.ref,f.__c||y,f)),P==null&&y!=null&&(P=y),(b=!!(4&f.__u))||p.__k===f.__k?d=en(f,d,e,b):typeof f.type=="function"&&$!==void 0?d=$:y&&(d=y.nextSibling),f.__u&=-7);return n.__e=P,d}function Xr(e,t,n,r,s){var o,i,a,d,l,u=n.length,c=u,p=0;for(e.__k=new Array(s),o=0;o<s;o++)(i=t[o])!=null&&typeof i!="boolean"&&typeof i!="function"?(typeof i=="string"||typeof i=="number"||typeof i=="bigint"||i.constructor==String?i=e.__k[o]=ke(null,i,null,null,null):$e(i)?i=e.__k[o]=ke(Re,{children:i},null,null,null):i.constructor==null&&i.__b>0?i=e.__k[o]=ke(i.type,i.props,i.key,i.ref?i.ref:null,i.__v):e.__k[o]=i,d=o+p,i.__=e,i.__b=e.__b+1,(l=i.__i=Gr(i,n,d,c))!=-1&&(c--,(a=n[l])&&(a.__u|=2)),a==null||a.__v==null?(l==-1&&(s>u?p--:s<u&&p++),typeof i.type!="function"&&(i.__u|=4)):l!=d&&(l==d-1?p--:l==d+1?p++:(l>d?p--:p++,i.__u|=4))):e.__k[o]=null;if(c)for(o=0;o<u;o++)(a=n[o])!=null&&(2&a.__u)==0&&(a.__e==r&&(r=re(a)),rn(a,a));return r}function en(e,t,n,r){var s,o;if(typeof e.type=="function"){for(s=e.__k,o=0;s&&o<s.length;o++)s[o]&&(s[o].__=e,t=en(s[o],t,n,r));return t}e.__e!=t&&(r&&(t&&e.type&&!t.parentNode&&(t=re(e)),n.insertBefore(e.__e,t||null)),t=e.__e);do t=t&&t.nextSibling;while(t!=null&&t.nodeType==8);return t}function Gr(e,t,n,r){var s,o,i,a=e.key,d=e.type,l=t[n],u=l!=null&&(2&l.__u)==0;if(l===null&&a==null||u&&a==l.key&&d==l.type)return n;if(r>(u?1:0)){for(s=n-1,o=n+1;s>=0||o<t.length;)if((l=t[i=s>=0?s--:o++])!=null&&(2&l.__u)==0&&a==l.key&&d==l.type)return i}return-1}function Ft(e,t,n){t[0]=="-"?e.setProperty(t,n??""):e[t]=n==null?"":typeof n!="number"||Vr.test(t)?n:n+"px"}function _e(e,t,n,r,s){var o,i;e:if(t=="style")if(typeof n=="string")e.style.cssText=n;else{if(typeof r=="string"&&(e.style.cssText=r=""),r)for(t in r)n&&t in n||Ft(e.style,t,"");if(n)for(t in n)r&&n[t]==r[t]||Ft(e.style,t,n[t])}else if(t[0]=="o"&&t[1]=="n")o=t!=(t=t.replace(zt,"$1")),i=t.toLowerCase(),t=i in e||t=="onFocusOut"||t=="onFocusIn"?i.slice(2):t.slice(2),e.l||(e.l={}),e.l[t+o]=n,n?r?n.u=r.u:(n.u=yt,e.addEventListener(t,o?ft:mt,o)):e.removeEventListener(t,o?ft:mt,o);else{if(s=="http://www.w3.org/2000/svg")t=t.replace(/xlink(H|:h)/,"h").replace(/sName$/,"s");else if(t!="width"&&t!="height"&&t!="href"&&t!="list"&&t!="form"&&t!="tabIndex"&&t!="download"&&t!="rowSpan"&&t!="colSpan"&&t!="role"&&t!="popover"&&t in e)try{e[t]=n??"";break e}catch{}typeof n=="function"||(n==null||n===!1&&t[4]!="-"?e.removeAttribute(t):e.setAttribute(t,t=="popover"&&n==1?"":n))}}function Vt(e){return function(t){if(this.l){var n=this.l[t.type+e];if(t.t==null)t.t=yt++;else if(t.t<n.u)return;return n(w.event?w.event(t):t)}}}function bt(e,t,n,r,s,o,i,a,d,l){var u,c,p,f,y,P,$,b,h,T,M,S,D,be,Q,U,G,q=t.type;if(t.constructor!=null)return null;128&n.__u&&(d=!!(32&n.__u),o=[a=t.__e=n.__e]),(u=w.__b)&&u(t);e:if(typeof q=="function")try{if(b=t.props,h="prototype"in q&&q.prototype.render,T=(u=q.contextType)&&r[u.__c],M=u?T?T.props.value:u.__:r,n.__c?$=(c=t.__c=n.__c).__=c.__E:(h?t.__c=c=new q(b,M):(t.__c=c=new le(b,M),c.constructor=q,c.render=zr),T&&T.sub(c),c.state||(c.state={}),c.__n=r,p=c.__d=!0,c.__h=[],c._sb=[]),h&&c.__s==null&&(c.__s=c.state),h&&q.getDerivedStateFromProps!=null&&(c.__s==c.state&&(c.__s=N({},c.__s)),N(c.__s,q.getDerivedStateFromProps(b,c.__s))),f=c.props,y=c.state,c.__v=t,p)h&&q.getDerivedStateFromProps==null&&c.componentWillMount!=null&&c.componentWillMount(),h&&c.componentDidMount!=null&&c.__h.push(c.componentDidMount);else{if(h&&q.getDerivedStateFromProps==null&&b!==f&&c.componentWillReceiveProps!=null&&c.componentWillReceiveProps(b,M),t.__v==n.__v||!c.__e&&c.shouldComponentUpdate!=null&&c.shouldComponentUpdate(b,c.__s,M)===!1){for(t.__v!=n.__v&&(c.props=b,c.state=c.__s,c.__d=!1),t.__e=n.__e,t.__k=n.__k,t.__k.some(function(B){B&&(B.__=t)}),S=0;S<c._sb.length;S++)c.__h.push(c._sb[S]);c._sb=[],c.__h.length&&i.push(c);break e}c.componentWillUpdate!=null&&c.componentWillUpdate(b,c.__s,M),h&&c.componentDidUpdate!=null&&c.__h.push(function(){c.componentDidUpdate(f,y,P)})}if(c.context=M,c.props=b,c.__P=e,c.__e=!1,D=w.__r,be=0,h){for(c.state=c.__s,c.__d=!1,D&&D(t),u=c.render(c.props,c.state,c.context),Q=0;Q<c._sb.length;Q++)c.__h.push(c._sb[Q]);c._sb=[]}else do c.__d=!1,D&&D(t),u=c.render(c.props,c.state,c.context),c.state=c.__s;while(c.__d&&++be<25);c.state=c.__s,c.getChildContext!=null&&(r=N(N({},r),c.getChildContext())),h&&!p&&c.getSnapshotBeforeUpdate!=null&&(P=c.getSnapshotBeforeUpdate(f,y)),U=u,u!=null&&u.type===Re&&u.key==null&&(U=nn(u.props.children)),a=Zt(e,$e(U)?U:[U],t,n,r,s,o,i,a,d,l),c.base=t.__e,t.__u&=-161,c.__h.length&&i.push(c),$&&(c.__E=c.__=null)}catch(B){if(t.__v=null,d||o!=null)if(B.then){for(t.__u|=d?160:128;a&&a.nodeType==8&&a.nextSibling;)a=a.nextSibling;o[o.indexOf(a)]=null,t.__e=a}else{for(G=o.length;G--;)gt(o[G]);ht(t)}else t.__e=n.__e,t.__k=n.__k,B.then||ht(t);w.__e(B,t,n)}else o==null&&t.__v==n.__v?(t.__k=n.__k,t.__e=n.__e):a=t.__e=Jr(n.__e,t,n,r,s,o,i,d,l);return(u=w.diffed)&&u(t),128&t.__u?void 0:a}function ht(e){e&&e.__c&&(e.__c.__e=!0),e&&e.__k&&e.__k.forEach(ht)}function tn(e,t,n){for(var r=0;r<n.length;r++)_t(n[r],n[++r],n[++r]);w.__c&&w.__c(t,e),e.some(function(s){try{e=s.__h,s.__h=[],e.some(function(o){o.call(s)})}catch(o){w.__e(o,s.__v)}})}function nn(e){return typeof e!="object"||e==null||e.__b&&e.__b>0?e:$e(e)?e.map(nn):N({},e)}function Jr(e,t,n,r,s,o,i,a,d){var l,u,c,p,f,y,P,$=n.props||ce,b=t.props,h=t.type;if(h=="svg"?s="http://www.w3.org/2000/svg":h=="math"?s="http://www.w3.org/1998/Math/MathML":s||(s="http://www.w3.org/1999/xhtml"),o!=null){for(l=0;l<o.length;l++)if((f=o[l])&&"setAttribute"in f==!!h&&(h?f.localName==h:f.nodeType==3)){e=f,o[l]=null;break}}if(e==null){if(h==null)return document.createTextNode(b);e=document.createElementNS(s,h,b.is&&b),a&&(w.__m&&w.__m(t,o),a=!1),o=null}if(h==null)$===b||a&&e.data==b||(e.data=b);else{if(o=o&&ve.call(e.childNodes),!a&&o!=null)for($={},l=0;l<e.attributes.length;l++)$[(f=e.attributes[l]).name]=f.value;for(l in $)if(f=$[l],l!="children"){if(l=="dangerouslySetInnerHTML")c=f;else if(!(l in b)){if(l=="value"&&"defaultValue"in b||l=="checked"&&"defaultChecked"in b)continue;_e(e,l,null,f,s)}}for(l in b)f=b[l],l=="children"?p=f:l=="dangerouslySetInnerHTML"?u=f:l=="value"?y=f:l=="checked"?P=f:a&&typeof f!="function"||$[l]===f||_e(e,l,f,$[l],s);if(u)a||c&&(u.__html==c.__html||u.__html==e.innerHTML)||(e.innerHTML=u.__html),t.__k=[];else if(c&&(e.innerHTML=""),Zt(t.type=="template"?e.content:e,$e(p)?p:[p],t,n,r,h=="foreignObject"?"http://www.w3.org/1999/xhtml":s,o,i,o?o[0]:n.__k&&re(n,0),a,d),o!=null)for(l=o.length;l--;)gt(o[l]);a||(l="value",h=="progress"&&y==null?e.removeAttribute("value"):y!=null&&(y!==e[l]||h=="progress"&&!y||h=="option"&&y!=$[l])&&_e(e,l,y,$[l],s),l="checked",P!=null&&P!=e[l]&&_e(e,l,P,$[l],s))}return e}function _t(e,t,n){try{if(typeof e=="function"){var r=typeof e.__u=="function";r&&e.__u(),r&&t==null||(e.__u=e(t))}else e.current=t}catch(s){w.__e(s,n)}}function rn(e,t,n){var r,s;if(w.unmount&&w.unmount(e),(r=e.ref)&&(r.current&&r.current!=e.__e||_t(r,null,t)),(r=e.__c)!=null){if(r.componentWillUnmount)try{r.componentWillUnmount()}catch(o){w.__e(o,t)}r.base=r.__P=null}if(r=e.__k)for(s=0;s<r.length;s++)r[s]&&rn(r[s],t,n||typeof e.type!="function");n||gt(e.__e),e.__c=e.__=e.__e=void 0}function zr(e,t,n){return this.constructor(e,n)}function Pe(e,t,n){var r,s,o,i;t==document&&(t=document.documentElement),w.__&&w.__(e,t),s=(r=typeof n=="function")?null:n&&n.__k||t.__k,o=[],i=[],bt(t,e=(!r&&n||t).__k=xe(Re,null,[e]),s||ce,ce,t.namespaceURI,!r&&n?[n]:s?null:t.firstChild?ve.call(t.childNodes):null,o,!r&&n?n:s?s.__e:t.firstChild,r,i),tn(o,e,i)}ve=Yt.slice,w={__e:function(e,t,n,r){for(var s,o,i;t=t.__;)if((s=t.__c)&&!s.__)try{if((o=s.constructor)&&o.getDerivedStateFromError!=null&&(s.setState(o.getDerivedStateFromError(e)),i=s.__d),s.componentDidCatch!=null&&(s.componentDidCatch(e,r||{}),i=s.__d),i)return s.__E=s}catch(a){e=a}throw e}},Xt=0,Nr=function(e){return e!=null&&e.constructor==null},le.prototype.setState=function(e,t){var n;n=this.__s!=null&&this.__s!=this.state?this.__s:this.__s=N({},this.state),typeof e=="function"&&(e=e(N({},n),this.props)),e&&N(n,e),e!=null&&this.__v&&(t&&this._sb.push(t),Nt(this))},le.prototype.forceUpdate=function(e){this.__v&&(this.__e=!0,e&&this.__h.push(e),Nt(this))},le.prototype.render=Re,Z=[],Gt=typeof Promise=="function"?Promise.prototype.then.bind(Promise.resolve()):setTimeout,Jt=function(e,t){return e.__v.__b-t.__v.__b},we.__r=0,zt=/(PointerCapture)$|Capture$/i,yt=0,mt=Vt(!1),ft=Vt(!0),Fr=0;var sn=function(e,t,n,r){var s;t[0]=0;for(var o=1;o<t.length;o++){var i=t[o++],a=t[o]?(t[0]|=i?1:2,n[t[o++]]):t[++o];i===3?r[0]=a:i===4?r[1]=Object.assign(r[1]||{},a):i===5?(r[1]=r[1]||{})[t[++o]]=a:i===6?r[1][t[++o]]+=a+"":i?(s=e.apply(a,sn(e,a,n,["",null])),r.push(s),a[0]?t[0]|=2:(t[o-2]=0,t[o]=s)):r.push(a)}return r},on=new Map;function an(e){var t=on.get(this);return t||(t=new Map,on.set(this,t)),(t=sn(this,t.get(e)||(t.set(e,t=(function(n){for(var r,s,o=1,i="",a="",d=[0],l=function(p){o===1&&(p||(i=i.replace(/^\s*\n\s*|\s*\n\s*$/g,"")))?d.push(0,p,i):o===3&&(p||i)?(d.push(3,p,i),o=2):o===2&&i==="..."&&p?d.push(4,p,0):o===2&&i&&!p?d.push(5,0,!0,i):o>=5&&((i||!p&&o===5)&&(d.push(o,0,i,s),o=6),p&&(d.push(o,p,0,s),o=6)),i=""},u=0;u<n.length;u++){u&&(o===1&&l(),l(u));for(var c=0;c<n[u].length;c++)r=n[u][c],o===1?r==="<"?(l(),d=[d],o=3):i+=r:o===4?i==="--"&&r===">"?(o=1,i=""):i=r+i[0]:a?r===a?a="":i+=r:r==='"'||r==="'"?a=r:r===">"?(l(),o=1):o&&(r==="="?(o=5,s=i,i=""):r==="/"&&(o<5||n[u][c+1]===">")?(l(),o===3&&(d=d[0]),o=d,(d=d[0]).push(2,0,o),o=0):r===" "||r==="	"||r===`
`||r==="\r"?(l(),o=2):i+=r),o===3&&i==="!--"&&(o=4,d=d[0])}return l(),d})(e)),t),arguments,[])).length>1?t:t[0]}var m=an.bind(xe);var ue,E,kt,dn,Ee=0,yn=[],C=w,ln=C.__b,cn=C.__r,un=C.diffed,pn=C.__c,mn=C.unmount,fn=C.__;function vt(e,t){C.__h&&C.__h(E,e,Ee||t),Ee=0;var n=E.__H||(E.__H={__:[],__h:[]});return e>=n.__.length&&n.__.push({}),n.__[e]}function k(e){return Ee=1,Yr(bn,e)}function Yr(e,t,n){var r=vt(ue++,2);if(r.t=e,!r.__c&&(r.__=[n?n(t):bn(void 0,t),function(a){var d=r.__N?r.__N[0]:r.__[0],l=r.t(d,a);d!==l&&(r.__N=[l,r.__[1]],r.__c.setState({}))}],r.__c=E,!E.__f)){var s=function(a,d,l){if(!r.__c.__H)return!0;var u=r.__c.__H.__.filter(function(p){return!!p.__c});if(u.every(function(p){return!p.__N}))return!o||o.call(this,a,d,l);var c=r.__c.props!==a;return u.forEach(function(p){if(p.__N){var f=p.__[0];p.__=p.__N,p.__N=void 0,f!==p.__[0]&&(c=!0)}}),o&&o.call(this,a,d,l)||c};E.__f=!0;var o=E.shouldComponentUpdate,i=E.componentWillUpdate;E.componentWillUpdate=function(a,d,l){if(this.__e){var u=o;o=void 0,s(a,d,l),o=u}i&&i.call(this,a,d,l)},E.shouldComponentUpdate=s}return r.__N||r.__}function O(e,t){var n=vt(ue++,3);!C.__s&&gn(n.__H,t)&&(n.__=e,n.u=t,E.__H.__h.push(n))}function pe(e){return Ee=5,Qr(function(){return{current:e}},[])}function Qr(e,t){var n=vt(ue++,7);return gn(n.__H,t)&&(n.__=e(),n.__H=t,n.__h=e),n.__}function Zr(){for(var e;e=yn.shift();)if(e.__P&&e.__H)try{e.__H.__h.forEach(Se),e.__H.__h.forEach(wt),e.__H.__h=[]}catch(t){e.__H.__h=[],C.__e(t,e.__v)}}C.__b=function(e){E=null,ln&&ln(e)},C.__=function(e,t){e&&t.__k&&t.__k.__m&&(e.__m=t.__k.__m),fn&&fn(e,t)},C.__r=function(e){cn&&cn(e),ue=0;var t=(E=e.__c).__H;t&&(kt===E?(t.__h=[],E.__h=[],t.__.forEach(function(n){n.__N&&(n.__=n.__N),n.u=n.__N=void 0})):(t.__h.forEach(Se),t.__h.forEach(wt),t.__h=[],ue=0)),kt=E},C.diffed=function(e){un&&un(e);var t=e.__c;t&&t.__H&&(t.__H.__h.length&&(yn.push(t)!==1&&dn===C.requestAnimationFrame||((dn=C.requestAnimationFrame)||eo)(Zr)),t.__H.__.forEach(function(n){n.u&&(n.__H=n.u),n.u=void 0})),kt=E=null},C.__c=function(e,t){t.some(function(n){try{n.__h.forEach(Se),n.__h=n.__h.filter(function(r){return!r.__||wt(r)})}catch(r){t.some(function(s){s.__h&&(s.__h=[])}),t=[],C.__e(r,n.__v)}}),pn&&pn(e,t)},C.unmount=function(e){mn&&mn(e);var t,n=e.__c;n&&n.__H&&(n.__H.__.forEach(function(r){try{Se(r)}catch(s){t=s}}),n.__H=void 0,t&&C.__e(t,n.__v))};var hn=typeof requestAnimationFrame=="function";function eo(e){var t,n=function(){clearTimeout(r),hn&&cancelAnimationFrame(t),setTimeout(e)},r=setTimeout(n,35);hn&&(t=requestAnimationFrame(n))}function Se(e){var t=E,n=e.__c;typeof n=="function"&&(e.__c=void 0,n()),E=t}function wt(e){var t=E;e.__c=e.__(),E=t}function gn(e,t){return!e||e.length!==t.length||t.some(function(n,r){return n!==e[r]})}function bn(e,t){return typeof t=="function"?t(e):t}var oe=class{constructor(t){this.responsePromise=t}responsePromise;parsed;[Symbol.toStringTag]="APIPromise";withResponse(){return this.responsePromise}body(){return this.parsed??=this.responsePromise.then(t=>t.data),this.parsed}then(t,n){return this.body().then(t,n)}catch(t){return this.body().catch(t)}finally(t){return this.body().finally(t)}};var v=class{constructor(t){this._client=t}_client};function _n(){let e=globalThis;if(e.process?.env)return e.process.env;try{return e.Deno?.env?.toObject?.()??{}}catch{return{}}}var g=class extends Error{name="ClientError"},R=class e extends g{name="APIError";status;code;param;requestId;headers;body;retryAfterMs;constructor(t,n,r,s,o){let i=to(n),a=i.requestId??(o?s?.get(o)??null:null);super(e.describe(t,i.code,i.message??r,a)),this.status=t,this.code=i.code,this.param=i.param,this.requestId=a,this.headers=s,this.body=n,this.retryAfterMs=s?$t(s):null}static describe(t,n,r,s){let o=[t,n].filter(a=>a!=null).join(" "),i=r??(t?"request failed":"no response");return`${o?`${o}: `:""}${i}${s?` (request_id ${s})`:""}`}static generate(t,n,r,s){let o=i=>new i(t,n,void 0,r,s);return t===400?o(Te):t===401?o(Ce):t===403?o(Ae):t===404?o(Me):t===409?o(Le):t===422?o(Ie):t===429?o(qe):t>=500?o(Oe):o(e)}},Te=class extends R{name="BadRequestError"},Ce=class extends R{name="AuthenticationError"},Ae=class extends R{name="PermissionDeniedError"},Me=class extends R{name="NotFoundError"},Le=class extends R{name="ConflictError"},Ie=class extends R{name="UnprocessableEntityError"},qe=class extends R{name="RateLimitError";retryAfter;constructor(t,n,r,s,o){super(t,n,r,s,o),this.retryAfter=this.retryAfterMs===null?null:Math.ceil(this.retryAfterMs/1e3)}},Oe=class extends R{name="InternalServerError"},j=class extends R{name="APIConnectionError";constructor(t="Connection error.",n){super(void 0,void 0,t,void 0),n?.cause!==void 0&&(this.cause=n.cause)}},se=class extends j{name="APIConnectionTimeoutError";constructor(t,n="Request timed out"){super(`${n} after ${t} ms.`)}},I=class extends R{name="APIUserAbortError";constructor(){super(void 0,void 0,"Request was aborted.",void 0)}};function to(e){let t=e&&typeof e=="object"?e:{},n=Array.isArray(t.errors)?t.errors[0]:void 0,s=(t.error&&typeof t.error=="object"?t.error:n&&typeof n=="object"?n:void 0)??t,o=a=>typeof a=="string"&&a?a:null,i=o(s.type)==="about:blank"?null:o(s.type);return{code:o(s.code)??i??o(t.error),message:o(s.message)??o(s.detail)??o(s.error_description)??o(s.title)??o(t.message)??void 0,param:o(s.param),requestId:o(s.request_id)??o(t.request_id)}}function $t(e,t=Date.now()){let n=e.get("retry-after-ms")?.trim();return n&&/^\d+(\.\d+)?$/.test(n)?Number(n):no(e.get("retry-after"),t)}function no(e,t=Date.now()){if(e==null||e.trim()==="")return null;if(/^\d+$/.test(e.trim()))return Number(e.trim())*1e3;let n=Date.parse(e);return Number.isNaN(n)?null:Math.max(0,n-t)}function Rt(e,t){return t.find(n=>e.startsWith(n.prefix))}function je(){let e=globalThis;return typeof e.window<"u"&&typeof e.document<"u"}var xt=class extends g{name="SecretKeyInBrowserError";constructor(t){super(`Refusing to use a secret key (${t}\u2026) in a browser: anyone who opens the page could copy it. Use a publishable (pk_) key in client-side code and keep secret keys on your server.`)}};function kn(e,t,n=je()){let r=Rt(e,t);if((r?r.type==="secret":/(^|_)sk_/.test(e))&&n)throw new xt(r?.prefix??e.slice(0,e.indexOf("sk_")+3))}var De={debug:10,info:20,warn:30,error:40,off:50},Pt=Object.keys(De),vn="warn";function St(e,t){if(e===void 0||e.trim()==="")return;let n=e.trim().toLowerCase();if(n in De)return n;throw new g(`${t} is ${JSON.stringify(e.slice(0,40))}; expected one of ${Pt.join(", ")}.`)}var ro=new Set(["authorization","proxy-authorization","cookie","set-cookie","x-api-key","api-key"]),$n="[redacted]";function oo(e,t=[]){let n=new Set(t.map(r=>r.toLowerCase()));return Object.fromEntries(Object.entries(e).map(([r,s])=>[r,ro.has(r.toLowerCase())||n.has(r.toLowerCase())?$n:s]))}function so(e,t){if(t.length===0||!e.includes("?"))return e;let[n,r]=e.split("?",2),s=new Set(t.map(o=>encodeURIComponent(o)));return`${n}?${r.split("&").map(o=>s.has(o.split("=",1)[0])?`${o.split("=",1)[0]}=${$n}`:o).join("&")}`}var Ue=class{constructor(t,n){this.level=t;this.logger=n}level;logger;enabled(t){return De[t]>=De[this.level]}log(t,n,r){if(this.enabled(t))try{r===void 0?this.logger[t](n):this.logger[t](n,r)}catch(s){throw new g(`The logger's ${t}() threw: ${s?.message??String(s)}`,{cause:s})}}},io=/auth|key|secret|token|cookie|session|password|signature/i;function xn(e,t,n,r,s,o,i,a){if(!e.enabled("debug"))return;let d=so(n,s?.kind==="query"?[s.name]:[]),l=a.status===null?`failed (${a.error})`:String(a.status),u=a.retry?`; retrying in ${a.waitMs} ms (${a.reason})`:a.reason?`; not retried (${a.reason})`:"",c=Object.keys(r).filter(f=>/idempotency/i.test(f)),p=Object.keys(r).filter(f=>io.test(f)&&!c.includes(f));(s?.kind==="header"||s?.kind==="cookie")&&p.push(s.name),s?.kind==="cookie"&&s.csrfHeader&&p.push(s.csrfHeader),e.log("debug",`${t} ${d} \u2192 ${l} in ${a.elapsedMs} ms${a.requestId?` (${a.requestId})`:""}, attempt ${o+1} of ${i+1}${u}`,{method:t,url:d,attempt:o+1,status:a.status,requestId:a.requestId??null,elapsedMs:a.elapsedMs,retry:a.retry,...a.retry?{waitMs:a.waitMs}:{},...a.reason?{reason:a.reason}:{},requestHeaders:oo(r,p)})}var wn=new Set;function Rn(e,t,n){let r=`${t.method.toUpperCase()} ${t.path}`,s=t.deprecated?[`${r} is deprecated`]:[];for(let o of t.params)o.deprecated&&(o.in==="path"||n[o.name]!==void 0)&&s.push(`The ${o.in} parameter ${o.name} of ${r} is deprecated`);for(let o of s)wn.has(o)||!e.enabled("warn")||(wn.add(o),e.log("warn",`${o} in the API this client was generated from; it may be removed.`))}var He=class{async*iterPages(){let t=this;for(yield t;t.hasNextPage();)t=await t.getNextPage(),yield t}async*[Symbol.asyncIterator](){for await(let t of this.iterPages())yield*t.data}},We=class extends He{constructor(n,r,s,o){super();this.spec=n;this.params=r;this.fetchPage=s;this.body=o&&typeof o=="object"?o:{};let i=this.body[n.dataField];this.data=Array.isArray(i)?i:[],this.hasMore=this.body[n.hasMoreField]===!0,this.nextCursor=Pn(this.body[n.nextCursorField]),this.previousCursor=n.previousCursorField?Pn(this.body[n.previousCursorField]):null,this.direction=n.backwardParam&&r[n.backwardParam]!==void 0?"backward":"forward"}spec;params;fetchPage;data;hasMore;nextCursor;previousCursor;direction;body;hasNextPage(){return this.direction==="forward"?this.hasMore&&this.nextCursor!==null&&this.nextCursor!==this.params[this.spec.forwardParam]:this.hasPreviousPage()}hasPreviousPage(){return!this.spec.backwardParam||this.previousCursor===null||this.direction==="backward"&&this.previousCursor===this.params[this.spec.backwardParam]?!1:this.direction==="backward"?this.hasMore:!0}async getNextPage(){if(this.direction==="backward")return this.getPreviousPage();if(!this.nextCursor)throw new g("No next page: this is the last one (has_more is false).");return(await this.fetchPage(this.neighbourParams(this.spec.forwardParam,this.nextCursor))).data}async getPreviousPage(){if(!this.spec.backwardParam)throw new g("This list cannot be paged backward.");if(!this.previousCursor)throw new g("No previous page: this is the first one.");return(await this.fetchPage(this.neighbourParams(this.spec.backwardParam,this.previousCursor))).data}neighbourParams(n,r){let s={...this.params,[n]:r};for(let o of[this.spec.forwardParam,this.spec.backwardParam])o&&o!==n&&delete s[o];return s}},me=class extends oe{async*[Symbol.asyncIterator](){yield*await this}};function Pn(e){return typeof e=="string"&&e!==""?e:null}var Ke=class extends He{constructor(n,r,s,o,i,a,d){super();this.fetchPage=s;this.url=a;this.body=o;let l=Et(o,n.items),u=Array.isArray(l)?l:[];this.itemsKey=JSON.stringify(u);let c=n.style==="link"||n.linkHeader!==void 0,p=ao(n,r,o,u.length,i),f=this.nextUrl(p),y=c?`${this.itemsKey}
${f??""}`:void 0,P=u.length>0&&d!==void 0&&(this.itemsKey===d.itemsKey||y!==void 0&&y===d.firstPageKey);this.data=P?[]:u,this.firstPageKey=d?d.firstPageKey:y,this.asked=c?{url:Sn(a),before:d?.asked}:void 0;let $=!1;for(let b=this.asked;f&&b&&!$;b=b.before)$=b.url===f;this.next=P||$?null:p}fetchPage;url;data;body;itemsKey;firstPageKey;asked;next;nextPageRequest(){return this.next&&structuredClone(this.next)}nextUrl(n){if(!(!n||!("url"in n)))try{return Sn(new URL(n.url,this.url).href)}catch{return}}hasNextPage(){return this.next!==null}async getNextPage(){let n=this.next;if(!n)throw new g("No next page: this is the last one.");return(await this.fetchPage(n,{itemsKey:this.itemsKey,firstPageKey:this.firstPageKey,asked:this.asked})).data}};function Sn(e){let t=e.indexOf("#");return t<0?e:e.slice(0,t)}function ao(e,t,n,r,s){if(r===0)return null;let o=()=>{let a=e.nextField?Et(n,e.nextField):e.linkHeader?lo(s.get(e.linkHeader)??"").find(d=>d.rel.includes("next"))?.uri:void 0;return typeof a=="string"&&a!==""?{url:a}:null};if(e.style==="link"||e.linkHeader)return o();let i=(a,d)=>{let l=a===void 0?void 0:Number(t[a]??d);return l!==void 0&&Number.isFinite(l)?l:void 0};if(e.style==="offset"){let a=(i(e.offsetParam,0)??0)+r,d=e.totalField?Et(n,e.totalField):void 0;return typeof d=="number"&&a>=d?null:{params:{...t,[e.offsetParam]:a}}}return{params:{...t,[e.pageParam]:(i(e.pageParam,e.firstPage??1)??1)+1}}}function Et(e,t){let n=e;for(let r of t)n=n&&typeof n=="object"&&!Array.isArray(n)?n[r]:void 0;return n}function lo(e){let t=[],n=0,r=o=>{for(;n<e.length&&o.test(e[n]);)n+=1},s=()=>{let o=!1;for(;n<e.length;n+=1){let i=e[n];if(o&&i==="\\")n+=1;else if(i==='"')o=!o;else if(i===","&&!o)return}};for(;n<e.length&&(r(/[\s,]/),!(n>=e.length));){if(e[n]!=="<"){s();continue}let o=e.indexOf(">",n);if(o<0)break;let i={uri:e.slice(n+1,o).trim(),rel:[],params:{}};for(n=o+1;r(/[ \t]/),e[n]===";";){n+=1,r(/[ \t]/);let a=/^[!#$%&'*+.^_`|~0-9A-Za-z-]+/.exec(e.slice(n))?.[0];if(!a)break;n+=a.length,r(/[ \t]/);let d="";if(e[n]==="=")if(n+=1,r(/[ \t]/),e[n]==='"'){for(n+=1;n<e.length&&e[n]!=='"';n+=1)d+=e[n]==="\\"?e[++n]??"":e[n];n+=1}else d=/^[^,;\s]*/.exec(e.slice(n))[0],n+=d.length;let l=a.toLowerCase();Object.hasOwn(i.params,l)||(i.params[l]=d)}i.rel=(i.params.rel??"").toLowerCase().split(/\s+/).filter(Boolean),t.push(i),s()}return t}function En(e){let t="";for(let n of new TextEncoder().encode(e))t+=String.fromCharCode(n);return btoa(t)}var co={path:"simple",query:"form",header:"simple",cookie:"form"};function Be(e){let t=e.style??co[e.in];return{style:t,explode:e.explode??t==="form"}}function H(e){return e instanceof Date?e.toISOString():typeof e=="string"?e:typeof e=="number"||typeof e=="boolean"||typeof e=="bigint"?String(e):JSON.stringify(e)}function Ne(e,t){if(t==null)return;if(e.json)return{kind:"primitive",text:JSON.stringify(t)};let n=e.shape==="unknown"||e.shape===void 0?Array.isArray(t)?"array":Tn(t)?"object":"primitive":e.shape;if(n==="array"){let r=(Array.isArray(t)?t:[t]).filter(s=>s!=null);return r.length===0?void 0:{kind:"array",items:r.map(H)}}if(n==="object"&&Tn(t)){let r=Object.entries(t).filter(([,s])=>s!=null).map(([s,o])=>[s,H(o)]);return r.length===0?void 0:{kind:"object",entries:r}}return{kind:"primitive",text:H(t)}}function Tn(e){if(!e||typeof e!="object"||Array.isArray(e)||e instanceof Date)return!1;let t=Object.getPrototypeOf(e);return t===Object.prototype||t===null}var Cn=e=>`%${e.charCodeAt(0).toString(16).toUpperCase().padStart(2,"0")}`;function fe(e,t=""){let n=encodeURIComponent(e).replace(/[!'()*]/g,Cn);for(let r of t)/[A-Za-z0-9\-._~]/.test(r)&&(n=n.split(r).join(Cn(r)));return n}function W(e,t=!1,n=""){let r=fe(e).replace(/%20/g,"+");return t&&(r=r.replace(/%(3A|2F|3F|40|21|24|27|28|29|2A|2C|3B)/g,s=>n.includes(decodeURIComponent(s))?s:decodeURIComponent(s))),r}var Tt=e=>e;function ie(e,t,n=W){let r=Ne(e,t);if(!r)return[];let{style:s,explode:o}=Be(e),i=e.allowReserved===!0,a=(f,y="")=>n(f,!1,y),d=(f,y="")=>n(f,i,y),l=a(e.name,"[]");if(r.kind==="primitive")return[[l,d(r.text)]];if(s==="deepObject")return(r.kind==="object"?r.entries:r.items.map((y,P)=>[String(P),y])).map(([y,P])=>[`${l}[${a(y,"[]")}]`,d(P)]);if(o&&(s==="form"||s==="spaceDelimited"||s==="pipeDelimited"))return r.kind==="array"?r.items.map(f=>[l,d(f)]):r.entries.map(([f,y])=>[a(f),d(y)]);let[u,c]=s==="spaceDelimited"?[n===Tt?" ":"%20"," "]:s==="pipeDelimited"?["|","|"]:[",",","],p=r.kind==="array"?r.items:r.entries.flat();return[[l,p.map(f=>d(f,c)).join(u)]]}function An(e,t){return e.filter(n=>n.in==="query").flatMap(n=>ie(n,t[n.name])).map(([n,r])=>`${n}=${r}`).join("&")}function uo(e,t,n=""){let r=Ne(e,t);if(!r)throw new g(`Missing path parameter "${e.name}".`);let{style:s,explode:o}=Be(e),i=n.charAt(0)==="/"?"":n.charAt(0),a=s==="label"?`.${i}`:s==="matrix"?`;=,${i}`:`,${i}`,d=c=>fe(c,a);if(r.kind==="primitive"&&r.text===""&&s==="simple")throw new g(`Missing path parameter "${e.name}".`);if(s==="matrix"){let c=d(e.name);return r.kind==="primitive"?`;${c}${r.text===""?"":`=${d(r.text)}`}`:r.kind==="array"?o?r.items.map(p=>`;${c}=${d(p)}`).join(""):`;${c}=${r.items.map(d).join(",")}`:o?r.entries.map(([p,f])=>`;${d(p)}=${d(f)}`).join(""):`;${c}=${r.entries.flat().map(d).join(",")}`}let l=s==="label"?".":"",u=s==="label"&&o?".":",";return r.kind==="primitive"?`${l}${d(r.text)}`:r.kind==="array"?`${l}${r.items.map(d).join(u)}`:`${l}${r.entries.map(([c,p])=>o?`${d(c)}=${d(p)}`:`${d(c)},${d(p)}`).join(u)}`}function Mn(e,t,n){let r=e.replace(/[?#].*$/s,"").split(/(\{[^}]+\})/),s=0,i=r.map((a,d)=>{let l=/^\{([^}]+)\}$/.exec(a);if(!l)return a;let u=t.find(p=>p.in==="path"&&p.name===l[1])??{name:l[1],in:"path"},c=n[s++];if(c==null||c==="")throw new g(`Missing path parameter "${l[1]}" for ${e}.`);return uo(u,c,r[d+1]??"")}).join("");if(i.split("/").some(a=>a==="."||a===".."))throw new g(`A path parameter of ${e} makes a "." or ".." segment, which URLs resolve away.`);return i}function Ln(e,t){let n=Ne(e,t);if(!n)return;let{explode:r}=Be(e),s=n.kind==="primitive"?n.text:n.kind==="array"?n.items.join(","):n.entries.map(([o,i])=>r?`${o}=${i}`:`${o},${i}`).join(",");if(/[^\t\x20-\x7E]/.test(s))throw new g(`Header parameter "${e.name}" must be printable ASCII; got ${JSON.stringify(s.slice(0,40))}.`);return s}function In(e,t){let n=Ne(e,t);if(!n)return[];let{explode:r}=Be(e),s=i=>fe(i,","),o=fe(e.name);return n.kind==="primitive"?[`${o}=${s(n.text)}`]:n.kind==="array"?r?n.items.map(i=>`${o}=${s(i)}`):[`${o}=${n.items.map(s).join(",")}`]:r?n.entries.map(([i,a])=>`${fe(i)}=${s(a)}`):[`${o}=${n.entries.flat().map(s).join(",")}`]}var qn=Symbol.for("openapi-client.part-headers");function F(e){return e&&typeof e=="object"&&qn in e?{value:e.value,headers:e[qn]}:{value:e,headers:{}}}function J(e){return typeof Blob<"u"&&e instanceof Blob}function Fe(e){return typeof ReadableStream<"u"&&e instanceof ReadableStream}function Ct(e){let t=F(e).value;return J(t)||t instanceof ArrayBuffer||ArrayBuffer.isView(t)||Fe(t)}function On(e){let t=e?.name;return J(e)&&typeof t=="string"&&t!==""?t:void 0}async function po(e){let t=[],n=e.getReader();for(;;){let{done:r,value:s}=await n.read();if(r)return t;t.push(s)}}async function jn(e,t){return J(e)?e.type||!t?e:e.slice(0,e.size,t):Fe(e)?new Blob(await po(e),{type:t}):ArrayBuffer.isView(e)?new Blob([new Uint8Array(e.buffer,e.byteOffset,e.byteLength)],{type:t}):e instanceof ArrayBuffer?new Blob([e],{type:t}):new Blob([String(e)],{type:t})}function Kn(e,t){return(e??"").split(",").map(r=>r.trim()).find(r=>r!==""&&!r.includes("*"))??t}function Dn(e){return`"${e.replace(/\r/g,"%0D").replace(/\n/g,"%0A").replace(/"/g,"%22")}"`}function mo(e,t){if(/[\r\n]/.test(e)||/[\r\n]/.test(t))throw new g(`Multipart part header ${JSON.stringify(e)} must not contain line breaks.`)}async function fo(e,t,n){let{value:r,headers:s}=F(t),i=(J(r)?r.type:"")||Kn(n?.contentType,"application/octet-stream");return{name:e,filename:On(r)??e,contentType:i,headers:s,content:await jn(r,i)}}function Un(e,t,n){let{value:r,headers:s}=F(t);return{name:e,...n?{contentType:n}:{},headers:s,content:H(r)}}function Hn(e,t,n){let{value:r,headers:s}=F(t);return{name:e,contentType:Kn(n?.contentType,"application/json"),headers:s,content:JSON.stringify(r)}}async function ho(e,t,n){if(t==null)return[];if(n?.styled){let i={name:e,in:"query",style:n.style??"form",explode:n.explode??(n.style??"form")==="form",shape:n.shape==="file"||n.shape==="files"?"primitive":n.shape};return ie(i,F(t).value,Tt).map(([a,d])=>Un(a,d,void 0))}let r=n?.shape??(Ct(t)?"file":Array.isArray(t)?"array":typeof t=="object"&&!(t instanceof Date)?"object":"primitive"),s=n?.contentType&&!/^text\/plain\b/i.test(n.contentType)?n.contentType:void 0,o=async i=>{let a=F(i).value;return r==="file"||r==="files"||Ct(i)?fo(e,i,n):a!==null&&typeof a=="object"&&!(a instanceof Date)||s&&/json/i.test(s)?Hn(e,i,n):Un(e,i,s)};return Array.isArray(t)&&(r==="files"||r==="array")?Promise.all(t.filter(i=>i!=null).map(o)):[await o(t)]}function Wn(){let e=new Uint8Array(16);return globalThis.crypto.getRandomValues(e),`----openapi-client-${Array.from(e,t=>t.toString(16).padStart(2,"0")).join("")}`}async function Bn(e,t=[]){let n=new Map(t.map(a=>[a.name,a])),r=[...t.map(a=>a.name).filter(a=>a in e),...Object.keys(e).filter(a=>!n.has(a))],s=(await Promise.all(r.map(a=>ho(a,e[a],n.get(a))))).flat(),o=Wn();for(;s.some(a=>typeof a.content=="string"&&a.content.includes(o));)o=Wn();let i=[];for(let a of s){let d=[`--${o}`,`Content-Disposition: form-data; name=${Dn(a.name)}${a.filename!==void 0?`; filename=${Dn(a.filename)}`:""}`];a.contentType&&d.push(`Content-Type: ${a.contentType}`);for(let[l,u]of Object.entries(a.headers))mo(l,u),d.push(`${l}: ${u}`);i.push(`${d.join(`\r
`)}\r
\r
`,a.content,`\r
`)}return i.push(`--${o}--\r
`),{body:new Blob(i),contentType:`multipart/form-data; boundary=${o}`}}function Fn(e,t){if(t==null)return e[0];let n=e.find(r=>r.mediaType.toLowerCase()===String(t).toLowerCase());if(!n)throw new g(`This operation does not take ${String(t)}; it takes ${e.map(r=>r.mediaType).join(", ")}.`);return n}function yo(e,t=[]){let n=new Map(t.map(s=>[s.name,s]));return[...t.map(s=>s.name).filter(s=>s in e),...Object.keys(e).filter(s=>!n.has(s))].flatMap(s=>{let o=n.get(s),i=e[s];if(o?.styled){let l=o.style??"form",u={name:s,in:"query",style:l,explode:o.explode??l==="form",shape:o.shape==="file"||o.shape==="files"?"primitive":o.shape,...o.allowReserved?{allowReserved:!0}:{}};return ie(u,i)}let a=l=>l!==null&&typeof l=="object"&&!(l instanceof Date)?JSON.stringify(l):H(l);return(Array.isArray(i)?i:[i]).filter(l=>l!=null).flatMap(l=>ie({name:s,in:"query"},a(l)))}).map(([s,o])=>`${s}=${o}`).join("&")}function Nn(e,t){return e.includes("*")?J(t)&&t.type||"application/octet-stream":e}async function Vn(e,t){let n=F(t).value;switch(e.kind){case"multipart":{if(!n||typeof n!="object"||Array.isArray(n))throw new g("A multipart/form-data body is an object whose properties are its parts.");let{body:r,contentType:s}=await Bn(n,e.parts);return{body:r,contentType:s,replayable:!0}}case"form":if(!n||typeof n!="object"||Array.isArray(n))throw new g("A form-urlencoded body is an object whose properties are its fields.");return{body:yo(n,e.parts),contentType:e.mediaType,replayable:!0};case"text":return{body:H(n),contentType:e.mediaType,replayable:!0};case"binary":case"event-stream":case"ndjson":{if(Fe(n))return{body:n,contentType:Nn(e.mediaType,n),replayable:!1};if(J(n)||n instanceof ArrayBuffer||ArrayBuffer.isView(n)||typeof n=="string")return{body:n,contentType:Nn(e.mediaType,n),replayable:!0};throw new g(`A ${e.mediaType} body is a Blob, bytes (Uint8Array, ArrayBuffer), a ReadableStream or a string.`)}default:return{body:JSON.stringify(n),contentType:e.mediaType,replayable:!0}}}function Xn(){let e=globalThis.crypto;return e?.randomUUID?e.randomUUID():`${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`}function At(e,t,n,r,s,o,i=!0){let a=Mn(t.path,t.params,n),d=[An(t.params,r),bo(s)].filter(Boolean).join("&");t.match?.in==="query"&&(d=`${W(t.match.name)}=${W(t.match.value)}${d?`&${d}`:""}`);let l=t.auth;return i&&l?.kind==="query"&&e.apiKey&&(d=`${d?`${d}&`:""}${W(l.name)}=${W(e.apiKey)}`),`${o!==void 0?o.replace(/\/+$/,""):t.baseURL!==void 0?go(t.baseURL,e.baseURL):e.baseURL}${a}${d?`?${d}`:""}`}function Gn(e,t,n,r,s){let o={accept:s,"user-agent":e.config.userAgent,..._o(e.defaultHeaders)},i=[],a=t.auth;e.apiKey&&a?.kind==="bearer"&&(o.authorization=`Bearer ${e.apiKey}`),e.apiKey&&a?.kind==="basic"&&(o.authorization=`Basic ${En(e.apiKey)}`),e.apiKey&&a?.kind==="header"&&(o[a.name.toLowerCase()]=e.apiKey),a?.kind==="cookie"&&(e.apiKey&&i.push(`${a.name}=${e.apiKey}`),a.csrfHeader&&e.csrfToken&&(o[a.csrfHeader.toLowerCase()]=e.csrfToken)),e.config.specDigest&&(o[e.config.specDigest.header.toLowerCase()]=e.config.specDigest.value),t.match?.in==="header"&&(o[t.match.name.toLowerCase()]=t.match.value);for(let d of t.params)if(d.in==="header"){let l=Ln(d,n[d.name]);l!==void 0&&(o[d.name.toLowerCase()]=l)}else d.in==="cookie"&&i.push(...In(d,n[d.name]));if(t.idempotencyHeader)o[t.idempotencyHeader.toLowerCase()]=r.idempotencyKey??Xn();else if(r.idempotencyKey!==void 0)throw new g(`${t.method.toUpperCase()} ${t.path} takes no idempotency key: the API declares no idempotency header for it.`);for(let[d,l]of Object.entries(r.headers??{}))l===null?delete o[d.toLowerCase()]:o[d.toLowerCase()]=l;if(i.length>0){if(je()&&!e.config.auth.cookieSession)throw new g("Cookie parameters cannot be sent from a browser: the browser sends its own cookies.");je()||(o.cookie=[...i,...o.cookie?[o.cookie]:[]].join("; "))}return o}async function Jn(e,t,n){if(n&&["GET","HEAD"].includes(e.method.toUpperCase()))throw new g(`A ${e.method.toUpperCase()} request has no body: pass extra fields as \`query\`.`);if(!e.bodies||e.bodies.length===0)return n?{body:JSON.stringify(n),contentType:"application/json",replayable:!0}:void 0;let r=Fn(e.bodies,e.mediaTypeKey?t[e.mediaTypeKey]:void 0),s;if(r.mode==="property")s=t.body;else{let o=new Set([...e.params.filter(a=>a.in!=="path").map(a=>a.name),...e.mediaTypeKey?[e.mediaTypeKey]:[]]),i=Object.fromEntries(Object.entries(t).filter(([a])=>!o.has(a)));s=Object.keys(i).length>0||e.bodyRequired?i:void 0}if(n){let o=s??{};if(!["json","form","multipart"].includes(r.kind)||typeof o!="object"||o===null||Array.isArray(o))throw new g(`Extra body fields need an object body; this call sends ${r.mediaType}.`);s={...o,...n}}if(s!==void 0)return Vn(r,s)}function zn(e,t){let n=new URL(e,t);if(n.origin!==new URL(t).origin)throw new g(`The next page's URL is on ${n.origin}, not ${new URL(t).origin}: not sent with this client's credentials.`);return n.hash="",n.href}function Yn(e,t,n){let r=t.auth;if(r?.kind!=="query"||!e)return n;let{search:s,searchParams:o}=new URL(n);return o.has(r.name)?n:`${n}${s?"&":"?"}${W(r.name)}=${W(e)}`}function go(e,t){if(/^[a-z][a-z0-9+.-]*:/i.test(e))return e;try{return new URL(e,t.endsWith("/")?t:`${t}/`).href.replace(/\/+$/,"")}catch{return e}}function bo(e){return e?Object.entries(e).flatMap(([t,n])=>(Array.isArray(n)?n:[n]).filter(r=>r!=null).map(r=>`${W(t)}=${W(typeof r=="object"&&!(r instanceof Date)?JSON.stringify(r):H(r))}`)).join("&"):""}function _o(e){return Object.fromEntries(Object.entries(e).map(([t,n])=>[t.toLowerCase(),n]))}var Ve=class{#e="";#n=[];#r;#o;#s;#t=!0;#i=!1;lastEventId;retry;push(t){this.#t&&(t=t.replace(/^\uFEFF/,""),this.#t=t===""&&this.#t),this.#i&&t.startsWith(`
`)&&(t=t.slice(1)),this.#i=!1;let n=[],r=this.#e+t;for(;;){let s=/\r\n|\r|\n/.exec(r);if(!s)break;s[0]==="\r"&&s.index===r.length-1&&(this.#i=!0);let o=r.slice(0,s.index);r=r.slice(s.index+s[0].length);let i=this.#a(o);i&&n.push(i)}return this.#e=r,n}end(){this.#e="",this.#d()}#a(t){if(t==="")return this.#l();if(t.startsWith(":"))return;let n=t.indexOf(":"),r=n===-1?t:t.slice(0,n),s=n===-1?"":t.slice(n+1);switch(s.startsWith(" ")&&(s=s.slice(1)),r){case"event":this.#r=s;break;case"data":this.#n.push(s);break;case"id":s.includes("\0")||(this.#o=s,this.lastEventId=s);break;case"retry":/^\d+$/.test(s)&&(this.#s=Number(s),this.retry=this.#s);break;default:break}}#l(){let t=this.#n.length>0?{...this.#r?{event:this.#r}:{},data:this.#n.join(`
`),...this.#o!==void 0?{id:this.#o}:{},...this.#s!==void 0?{retry:this.#s}:{}}:void 0;return this.#d(),t}#d(){this.#n=[],this.#r=void 0,this.#o=void 0,this.#s=void 0}};async function*Qn(e,t){if(!e.body)return;let n=e.body.getReader(),r=new TextDecoder("utf-8"),s=()=>{n.cancel().catch(()=>{})};t.addEventListener("abort",s,{once:!0});try{for(;;){let i;try{i=await n.read()}catch(a){throw t.aborted?new I:a instanceof R?a:new j(`The stream broke off: ${a?.message??String(a)}`,{cause:a})}if(t.aborted)throw new I;if(i.done)break;yield r.decode(i.value,{stream:!0})}let o=r.decode();o&&(yield o)}finally{t.removeEventListener("abort",s),n.releaseLock()}}var he=class e{constructor(t,n,r){this.iterate=t;this.response=r;this.controller=n}iterate;response;controller;#e=!1;abort(){this.controller.abort()}async*[Symbol.asyncIterator](){if(this.#e)throw new Error("A stream can be iterated once.");this.#e=!0;let t=!1;try{yield*this.iterate(this.controller.signal),t=!0}finally{t||this.controller.abort()}}async toArray(){let t=[];for await(let n of this)t.push(n);return t}static fromSSE(t,n,r,s={}){async function*o(a){let d=new Ve,l=t,u=0;for(;;)try{for await(let c of Qn(l,a))for(let p of d.push(c))u=0,yield{...p,data:i(p.data)};d.end();return}catch(c){if(!(s.reconnect&&c instanceof j&&d.lastEventId!==void 0&&u<(s.maxReconnects??3)))throw c;u+=1,d.end(),await ko(d.retry??1e3,a),l=await s.reconnect(d.lastEventId)}}let i=a=>{try{return r(a)}catch{throw new R(t.status,a.slice(0,200),"An event's data was not the JSON the spec declares.",t.headers)}};return new e(o,n,t)}static fromNDJSON(t,n){async function*r(s){let o="",i=a=>{try{return JSON.parse(a)}catch{throw new R(t.status,a.slice(0,200),"A line of the stream was not JSON.",t.headers)}};for await(let a of Qn(t,s)){o+=a;let d=o.split(`
`);o=d.pop()??"";for(let l of d)l.trim()!==""&&(yield i(l.replace(/\r$/,"")))}o.trim()!==""&&(yield i(o))}return new e(r,n,t)}};function ko(e,t){return new Promise((n,r)=>{if(t.aborted)return r(new I);let s=setTimeout(()=>{t.removeEventListener("abort",o),n()},e),o=()=>{clearTimeout(s),r(new I)};t.addEventListener("abort",o,{once:!0})})}var Xe=e=>e.split(";")[0].trim().toLowerCase();function wo(e,t){let[n,r]=Xe(e).split("/"),[s,o]=Xe(t).split("/");return(n==="*"||n===s)&&(r==="*"||r===o)}function Zn(e,t){if(!e||e.length===0)return;if(t===void 0)return e[0];let n=e.find(r=>Xe(r.mediaType)===Xe(t));if(!n)throw new g(`This operation answers ${e.map(r=>r.mediaType).join(", ")}; it cannot answer ${t}.`);return n}async function Ge(e){if(e.status===204||e.status===205)return;let t=await e.text();if(t==="")return;let n=e.headers.get("content-type")??"";if(/json/i.test(n))try{return JSON.parse(t)}catch{throw new R(e.status,t,`Response claimed ${n} but was not JSON.`,e.headers)}return t}function er(e,t,n,r){if(!t||t.length===0||r==="HEAD"||e.status===204||e.status===205)return;let s=e.headers.get("content-type");return(s?t.find(o=>wo(o.mediaType,s)):void 0)??n??t[0]}function tr(e){return e!==void 0&&!["json","text","form"].includes(e.kind)}async function nr(e,t,n){if(t===void 0)return e.status===204||e.status===205?void 0:Ge(e);switch(t.kind){case"json":return Ge(e);case"text":case"form":return e.text();case"event-stream":return he.fromSSE(e,n.controller,t.dataIsJson?r=>JSON.parse(r):r=>r,{reconnect:n.reconnect,maxReconnects:n.maxReconnects});case"ndjson":return he.fromNDJSON(e,n.controller);default:return e}}function rr(e,t,n,r,s){let o=n.get("x-should-retry")?.trim().toLowerCase();if(o==="false")return{retry:!1,reason:"the server said x-should-retry: false"};if(o!=="true"&&!vo(e,t))return{retry:!1,reason:`status ${t} is not retried`};if(s.retriesLeft<=0)return{retry:!1,reason:"no retries left"};let i=e.respectRetryAfter?r:null;return i!==null&&i>s.maxWaitMs?{retry:!1,beyondCap:!0,reason:`the server asked to wait ${i} ms, more than maxRetryWait (${s.maxWaitMs} ms)`}:i!==null?{retry:!0,waitMs:i,reason:o==="true"?"x-should-retry: true; waiting as the server asked":"waiting as the server asked"}:{retry:!0,waitMs:Mt(e,s.retry,s.random),reason:o==="true"?"x-should-retry: true; backoff":"backoff"}}function vo(e,t){return e.retryableStatuses.includes(t)}function Mt(e,t,n=Math.random){let r=Math.min(e.maxDelayMs,e.initialDelayMs*e.backoffMultiplier**t);return e.jitter==="full"?Math.round(n()*r):e.jitter==="equal"?Math.round(r/2+n()*r/2):r}function Lt(e,t){return new Promise((n,r)=>{if(t?.aborted)return r(new I);let s=setTimeout(()=>{t?.removeEventListener("abort",o),n()},e),o=()=>{clearTimeout(s),r(new I)};t?.addEventListener("abort",o,{once:!0})})}var Je=class{constructor(t,n){this.timeoutMs=t;this.#r=n,n?.aborted?this.controller.abort():n?.addEventListener("abort",this.#o,{once:!0}),this.#n=setTimeout(()=>{this.#e=!0,this.controller.abort()},t)}timeoutMs;controller=new AbortController;startedAt=Date.now();#e=!1;#n;#r;#o=()=>this.controller.abort();get elapsedMs(){return Date.now()-this.startedAt}stopTimer(){clearTimeout(this.#n)}finish(){clearTimeout(this.#n),this.#r?.removeEventListener("abort",this.#o)}failure(t){return this.#r?.aborted?new I:this.#e?new se(this.timeoutMs):t instanceof g?t:new j(`Connection error: ${t?.message??String(t)}`,{cause:t})}};function or(e,t,n){if(!e.body||[204,205,304].includes(e.status))return e;let r=e.body.getReader(),s=n.controller.signal,o=new ReadableStream({async pull(a){let d,l=new Promise((u,c)=>{d=setTimeout(()=>c(new se(t,"No data arrived on the stream")),t)});try{let u=await Promise.race([r.read(),l]);u.done?(n.finish(),a.close()):a.enqueue(u.value)}catch(u){n.finish(),r.cancel().catch(()=>{}),a.error(s.aborted?new I:u)}finally{clearTimeout(d)}},cancel(a){return n.finish(),r.cancel(a)}}),i=new Response(o,{status:e.status,statusText:e.statusText,headers:e.headers});return Object.defineProperty(i,"url",{value:e.url}),i}function sr(e){let t=e;return typeof t=="object"&&t!==null&&typeof t.status=="number"&&typeof t.ok=="boolean"&&typeof t.headers?.get=="function"}function ir(e){let t=new AbortController;return e?.aborted?t.abort():e?.addEventListener("abort",()=>t.abort(),{once:!0}),t}var ar=6e4,ye=class{apiKey;baseURL;maxRetries;timeout;idleTimeout;maxRetryWait;logLevel;_logger;environment;csrfToken;#e;#n;#r;#o;#s;#t;#i=Math.random;constructor(t,n={}){this.#t=t,this.#o=n;let r=_n();this.logLevel=St(n.logLevel,"The logLevel option")??St(r[t.logEnv],`The ${t.logEnv} environment variable`)??vn;let s=n.logger??console,o=Pt.filter(d=>d!=="off"&&typeof s[d]!="function");if(o.length>0)throw new g(`The logger has no ${o.join(", ")} method: pass an object with debug, info, warn and error.`);if(this._logger=new Ue(this.logLevel,s),this.apiKey=n.apiKey??r[t.apiKeyEnv]??void 0,this.apiKey!==void 0&&kn(this.apiKey,t.keyPrefixes),t.auth.keyRequired&&!this.apiKey)throw new g(`No API key: pass { apiKey } or set the ${t.apiKeyEnv} environment variable.`);this.baseURL=(n.baseURL??r[t.baseUrlEnv]??t.defaultBaseURL).replace(/\/+$/,""),this.maxRetries=n.maxRetries??t.retryPolicy.maxRetries,this.timeout=n.timeout??t.defaultTimeoutMs??ar,this.idleTimeout=n.idleTimeout??ar,this.maxRetryWait=n.maxRetryWait??6e4;let i=typeof fetch=="function"?fetch:void 0,a=n.fetch??i;if(!a)throw new g("No fetch implementation: pass { fetch } on this runtime.");this.#r=a,this.#n=(d,l)=>a(d,l),this.#s=n.defaultHeaders??{},this.environment=this.apiKey?Rt(this.apiKey,t.keyPrefixes)?.environment??null:null,this.csrfToken=n.csrfToken,this.#e=n.credentials??(t.auth.cookieSession?"same-origin":void 0)}withOptions(t){let n=this.constructor,r=new n({...this.#o,apiKey:this.apiKey,baseURL:this.baseURL,csrfToken:this.csrfToken,fetch:this.#r,logger:this._logger.logger,...t,defaultHeaders:{...this.#s,...t.defaultHeaders}});return r.#i=this.#i,r}_setRandom(t){return this.#i=t,this}request(t,n,r,s={}){return new oe(this.#a(t,n,It(r),s))}requestPage(t,n,r,s={}){let o=t.pagination;if(!o)throw new g(`${t.method.toUpperCase()} ${t.path} is not a paged list.`);if(!("style"in o)){let d=async l=>{let u=await this.#a(t,n,l,s);return{...u,data:new We(o,l,d,u.data)}};return new me(d({...It(r)}))}let i=(d,l)=>async(u,c)=>{let p="params"in u?u.params:l,f="url"in u?zn(u.url,d):At(this.#d(),t,n,p,s.query,s.baseURL,!1),y=await this.#a(t,n,p,s,void 0,Yn(this.apiKey,t,f));return{...y,data:new Ke(o,p,i(f,p),y.data,y.headers,f,c)}},a={...It(r)};return new me(i(this.baseURL,a)({params:a}))}async#a(t,n,r,s,o,i){Rn(this._logger,t,r);let a=i??At(this.#d(),t,n,r,s.query,s.baseURL),d=Zn(t.responses,s.accept),l=Gn(this.#d(),t,r,s,d?.mediaType??"application/json");o!==void 0&&t.resumeHeader&&(l[t.resumeHeader.toLowerCase()]=o);let u=await Jn(t,r,s.body);u?.contentType&&(l["content-type"]=u.contentType);let c=u&&!u.replayable?0:s.maxRetries??this.maxRetries,p=s.timeout??this.timeout,f=s.maxRetryWait??this.maxRetryWait,y=this.#t.retryPolicy,P=t.method.toUpperCase(),$={method:P,headers:l,body:u?.body,...u&&!u.replayable?{duplex:"half"}:{},...this.#e?{credentials:this.#e}:{}},b=(h,T)=>xn(this._logger,P,a,l,t.auth,h,c,T);for(let h=0;;h+=1){let T=c-h,M=new Je(p,s.signal),S;try{if(S=await this.#n(a,{...$,signal:M.controller.signal}),!sr(S))throw new j(`The fetch implementation returned ${S===null?"null":typeof S} instead of a Response.`,{cause:S});if(S.ok||t.redirects?.includes(S.status)){let U=await this.#l(t,S,d,M,n,r,s);return b(h,{status:S.status,requestId:U.requestId,elapsedMs:M.elapsedMs,retry:!1}),U}}catch(U){M.finish();let G=M.failure(U),q=G instanceof j&&T>0&&y.retryOnConnectionError,B=q?Mt(y,h,this.#i):void 0;if(b(h,{status:null,error:G.message,elapsedMs:M.elapsedMs,retry:q,waitMs:B,reason:q?"backoff":G instanceof I?"aborted":T>0?"not a connection error":"no retries left"}),!q)throw G;await Lt(B,s.signal);continue}let D=rr(y,S.status,S.headers,$t(S.headers),{retry:h,retriesLeft:T,maxWaitMs:f,random:this.#i});if(b(h,{status:S.status,requestId:this.#c(S),elapsedMs:M.elapsedMs,...D}),D.retry){await S.body?.cancel().catch(()=>{}),M.finish(),await Lt(D.waitMs,s.signal);continue}let be=await Ge(S).catch(()=>{});M.finish();let Q=R.generate(S.status,be,S.headers,this.#t.requestIdHeader);throw D.beyondCap&&(Q.message+=` Not retried: ${D.reason}.`),Q}}async#l(t,n,r,s,o,i,a){let d=er(n,t.responses,r,t.method.toUpperCase()),l=tr(d);l&&s.stopTimer();let u=l?or(n,a.idleTimeout??this.idleTimeout,s):n,c=l?ir(a.signal):s.controller;l&&c.signal.addEventListener("abort",()=>s.controller.abort(),{once:!0});let p=t.resumeHeader?async y=>(await this.#a(t,o,i,{...a,signal:c.signal,accept:r?.mediaType},y)).response:void 0,f=await nr(u,d,{controller:c,reconnect:p,maxReconnects:a.maxRetries??this.maxRetries});return l||s.finish(),{...this.#u(u),data:f}}#d(){return{apiKey:this.apiKey,baseURL:this.baseURL,csrfToken:this.csrfToken,defaultHeaders:this.#s,config:this.#t}}#c(t){return this.#t.requestIdHeader?t.headers.get(this.#t.requestIdHeader):null}#u(t){let n=s=>{let o=s?t.headers.get(s):null;return o!==null&&o!==""&&Number.isFinite(Number(o))?Number(o):null},r={limit:n(this.#t.rateLimitHeaders?.limit),remaining:n(this.#t.rateLimitHeaders?.remaining)};return{response:t,status:t.status,headers:t.headers,requestId:this.#c(t),rateLimit:r}}};function It(e){return e&&typeof e=="object"&&!Array.isArray(e)?e:{}}var dr={method:"post",path:"/signup",params:[],bodies:[{mediaType:"application/json",kind:"json",mode:"merged"}],bodyRequired:!0,responses:[{mediaType:"application/json",kind:"json"}]},lr={method:"get",path:"/session",params:[],responses:[{mediaType:"application/json",kind:"json"}],auth:{kind:"cookie",name:"dashboard_session",csrfHeader:"X-CSRF-Token"}},cr={method:"post",path:"/session",params:[],bodies:[{mediaType:"application/json",kind:"json",mode:"merged"}],bodyRequired:!0,responses:[{mediaType:"application/json",kind:"json"}]},ur={method:"delete",path:"/session",params:[],auth:{kind:"cookie",name:"dashboard_session",csrfHeader:"X-CSRF-Token"}},pr={method:"delete",path:"/sessions",params:[],auth:{kind:"cookie",name:"dashboard_session",csrfHeader:"X-CSRF-Token"}},mr={method:"post",path:"/email-verification",params:[],bodies:[{mediaType:"application/json",kind:"json",mode:"merged"}],bodyRequired:!0},fr={method:"post",path:"/password-resets",params:[],bodies:[{mediaType:"application/json",kind:"json",mode:"merged"}],bodyRequired:!0},hr={method:"post",path:"/password-resets/confirm",params:[],bodies:[{mediaType:"application/json",kind:"json",mode:"merged"}],bodyRequired:!0},yr={method:"get",path:"/scopes",params:[],responses:[{mediaType:"application/json",kind:"json"}],auth:{kind:"cookie",name:"dashboard_session",csrfHeader:"X-CSRF-Token"}},gr={method:"get",path:"/keys",params:[{name:"environment",in:"query"}],responses:[{mediaType:"application/json",kind:"json"}],auth:{kind:"cookie",name:"dashboard_session",csrfHeader:"X-CSRF-Token"}},br={method:"post",path:"/keys",params:[],bodies:[{mediaType:"application/json",kind:"json",mode:"merged"}],bodyRequired:!0,responses:[{mediaType:"application/json",kind:"json"}],auth:{kind:"cookie",name:"dashboard_session",csrfHeader:"X-CSRF-Token"}},_r={method:"post",path:"/keys/{key_id}/rotate",params:[{name:"key_id",in:"path"}],responses:[{mediaType:"application/json",kind:"json"}],auth:{kind:"cookie",name:"dashboard_session",csrfHeader:"X-CSRF-Token"}},kr={method:"post",path:"/keys/{key_id}/revoke",params:[{name:"key_id",in:"path"}],responses:[{mediaType:"application/json",kind:"json"}],auth:{kind:"cookie",name:"dashboard_session",csrfHeader:"X-CSRF-Token"}},wr={method:"get",path:"/billing",params:[],responses:[{mediaType:"application/json",kind:"json"}],auth:{kind:"cookie",name:"dashboard_session",csrfHeader:"X-CSRF-Token"}},vr={method:"put",path:"/billing/plan",params:[],bodies:[{mediaType:"application/json",kind:"json",mode:"merged"}],bodyRequired:!0,responses:[{mediaType:"application/json",kind:"json"}],auth:{kind:"cookie",name:"dashboard_session",csrfHeader:"X-CSRF-Token"}},$r={method:"get",path:"/webhook-endpoints",params:[{name:"environment",in:"query"}],responses:[{mediaType:"application/json",kind:"json"}],auth:{kind:"cookie",name:"dashboard_session",csrfHeader:"X-CSRF-Token"}},xr={method:"post",path:"/webhook-endpoints",params:[],bodies:[{mediaType:"application/json",kind:"json",mode:"merged"}],bodyRequired:!0,responses:[{mediaType:"application/json",kind:"json"}],auth:{kind:"cookie",name:"dashboard_session",csrfHeader:"X-CSRF-Token"}},Rr={method:"delete",path:"/webhook-endpoints/{endpoint_id}",params:[{name:"endpoint_id",in:"path"}],auth:{kind:"cookie",name:"dashboard_session",csrfHeader:"X-CSRF-Token"}},Pr={method:"post",path:"/webhook-endpoints/{endpoint_id}/rotate-secret",params:[{name:"endpoint_id",in:"path"}],responses:[{mediaType:"application/json",kind:"json"}],auth:{kind:"cookie",name:"dashboard_session",csrfHeader:"X-CSRF-Token"}},Sr={method:"post",path:"/webhook-endpoints/{endpoint_id}/disable",params:[{name:"endpoint_id",in:"path"}],responses:[{mediaType:"application/json",kind:"json"}],auth:{kind:"cookie",name:"dashboard_session",csrfHeader:"X-CSRF-Token"}},Er={method:"post",path:"/webhook-endpoints/{endpoint_id}/enable",params:[{name:"endpoint_id",in:"path"}],responses:[{mediaType:"application/json",kind:"json"}],auth:{kind:"cookie",name:"dashboard_session",csrfHeader:"X-CSRF-Token"}},Tr={method:"get",path:"/webhook-endpoints/{endpoint_id}/deliveries",params:[{name:"endpoint_id",in:"path"}],responses:[{mediaType:"application/json",kind:"json"}],auth:{kind:"cookie",name:"dashboard_session",csrfHeader:"X-CSRF-Token"}},Cr={method:"post",path:"/webhook-endpoints/{endpoint_id}/test-events",params:[{name:"endpoint_id",in:"path"}],bodies:[{mediaType:"application/json",kind:"json",mode:"merged"}],bodyRequired:!0,auth:{kind:"cookie",name:"dashboard_session",csrfHeader:"X-CSRF-Token"}},Ar={method:"post",path:"/webhook-events/{event_id}/resend",params:[{name:"event_id",in:"path"}],auth:{kind:"cookie",name:"dashboard_session",csrfHeader:"X-CSRF-Token"}};var ze=class extends v{create(t,n){return this._client.request(dr,[],t,n)}};var Ye=class extends v{retrieve(t){return this._client.request(lr,[],void 0,t)}create(t,n){return this._client.request(cr,[],t,n)}delete(t){return this._client.request(ur,[],void 0,t)}};var Qe=class extends v{delete(t){return this._client.request(pr,[],void 0,t)}};var Ze=class extends v{create(t,n){return this._client.request(mr,[],t,n)}};var et=class extends v{confirm=new qt(this._client);create(t,n){return this._client.request(fr,[],t,n)}},qt=class extends v{create(t,n){return this._client.request(hr,[],t,n)}};var tt=class extends v{retrieve(t){return this._client.request(yr,[],void 0,t)}};var nt=class extends v{retrieve(t,n){return this._client.request(gr,[],t,n)}create(t,n){return this._client.request(br,[],t,n)}rotate(t,n){return this._client.request(_r,[t],void 0,n)}revoke(t,n){return this._client.request(kr,[t],void 0,n)}};var rt=class extends v{plan=new Ot(this._client);retrieve(t){return this._client.request(wr,[],void 0,t)}},Ot=class extends v{update(t,n){return this._client.request(vr,[],t,n)}};var ot=class extends v{deliveries=new jt(this._client);list(t,n){return this._client.request($r,[],t,n)}create(t,n){return this._client.request(xr,[],t,n)}delete(t,n){return this._client.request(Rr,[t],void 0,n)}rotateSecret(t,n){return this._client.request(Pr,[t],void 0,n)}disable(t,n){return this._client.request(Sr,[t],void 0,n)}enable(t,n){return this._client.request(Er,[t],void 0,n)}testEvents(t,n,r){return this._client.request(Cr,[t],n,r)}},jt=class extends v{retrieve(t,n){return this._client.request(Tr,[t],void 0,n)}};var st=class extends v{resend(t,n){return this._client.request(Ar,[t],void 0,n)}};var xo={apiKeyEnv:"ASSESSMENT_SERVICE_DASHBOARD_API_KEY",baseUrlEnv:"ASSESSMENT_SERVICE_DASHBOARD_BASE_URL",logEnv:"ASSESSMENT_SERVICE_DASHBOARD_LOG",defaultBaseURL:"/dashboard/api",retryPolicy:{maxRetries:0,initialDelayMs:500,maxDelayMs:8e3,backoffMultiplier:2,jitter:"full",respectRetryAfter:!0,retryOnConnectionError:!1,retryableStatuses:[]},keyPrefixes:[],auth:{keyRequired:!1,cookieSession:!0},requestIdHeader:"X-Request-Id",rateLimitHeaders:{limit:"X-RateLimit-Limit",remaining:"X-RateLimit-Remaining"},specDigest:{header:"X-Spec-Digest",value:"sha256:1520ec9de2dd95a24691a986e0243a93cfb5fb89b31f577fa2d01734064a7834"},userAgent:"assessment-service-dashboard-client/1.0.0"},ae=class extends ye{signup=new ze(this);session=new Ye(this);sessions=new Qe(this);emailVerification=new Ze(this);passwordResets=new et(this);scopes=new tt(this);keys=new nt(this);billing=new rt(this);webhookEndpoints=new ot(this);webhookEvents=new st(this);constructor(t={}){super(xo,t)}};var x=new ae({baseURL:"/dashboard/api"}),Dt=e=>(x.csrfToken=e.csrf_token,e);function ee(e){if(e instanceof R){let t=e.code?e.body?.message??e.message:e.message,n=e.status===429?e.headers?.get("retry-after"):null;return n?`${t} Try again in ${n} seconds.`:t}return e?.message??String(e)}var it=e=>e instanceof R&&e.status===401,_={signUp:async(e,t)=>Dt(await x.signup.create({email:e,password:t})),signIn:async(e,t)=>Dt(await x.session.create({email:e,password:t})),session:async()=>Dt(await x.session.retrieve()),signOut:()=>x.session.delete(),signOutEverywhere:()=>x.sessions.delete(),verifyEmail:e=>x.emailVerification.create({token:e}),requestPasswordReset:e=>x.passwordResets.create({email:e}),resetPassword:(e,t)=>x.passwordResets.confirm.create({token:e,password:t}),scopes:async()=>(await x.scopes.retrieve()).data,keys:async e=>(await x.keys.retrieve({environment:e})).data,createKey:e=>x.keys.create(e),rotateKey:e=>x.keys.rotate(e),revokeKey:e=>x.keys.revoke(e),billing:()=>x.billing.retrieve(),changePlan:e=>x.billing.plan.update({tier:e}),endpoints:async e=>(await x.webhookEndpoints.list({environment:e})).data,createEndpoint:e=>x.webhookEndpoints.create(e),rotateEndpointSecret:e=>x.webhookEndpoints.rotateSecret(e),disableEndpoint:e=>x.webhookEndpoints.disable(e),enableEndpoint:e=>x.webhookEndpoints.enable(e),removeEndpoint:e=>x.webhookEndpoints.delete(e),deliveries:async e=>(await x.webhookEndpoints.deliveries.retrieve(e)).data,resendEvent:e=>x.webhookEvents.resend(e),sendTestEvent:(e,t)=>x.webhookEndpoints.testEvents(e,{type:t}),eventTypes:async()=>{let e=await fetch("/openapi.json",{headers:{accept:"application/json"}});if(!e.ok)throw new Error("Could not load the list of event types.");let t=await e.json();return Object.keys(t.webhooks??{})}};var Ut={keys:"API keys",billing:"Billing",webhooks:"Webhooks"},z=(e,t)=>`${e}-${t.replace(/[^A-Za-z0-9_-]/g,"-")}`,V=e=>e==="test"?"Test mode":"Live mode";function te({iso:e,empty:t="Never"}){return e?m`<time datetime=${e}>${e.slice(0,16).replace("T"," ")}</time>`:m`<span class="muted">${t}</span>`}function A({error:e,message:t}){return m`
    <p class="notice error" role="alert" hidden=${!e}>${e??""}</p>
    <p class="notice" role="status" hidden=${!t}>${t??""}</p>
  `}function Mr({page:e,environment:t,session:n,children:r}){let s=t==="test"?"live":"test",[o,i]=k(null),a=async d=>{try{await(d?_.signOutEverywhere():_.signOut()),location.assign("/dashboard/signin")}catch(l){i(ee(l))}};return m`
    <a class="skip-link" href="#main">Skip to content</a>
    <header class=${`top mode-${t}`}>
      <div class="brand">Assessment Service</div>
      <nav aria-label="Dashboard">
        <ul>
          ${Object.entries(Ut).map(([d,l])=>m`<li>
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
        onClick=${()=>location.assign(`/dashboard/${s}/${e}`)}
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
    ${t==="test"?m`<p class="mode-banner" data-mode="test">
            <strong>Test mode</strong>: you are managing test data and <code>test_</code> keys. Nothing here
            touches live traffic or billing.
          </p>`:m`<p class="mode-banner live" data-mode="live">
            <strong>Live mode</strong>: you are managing live data and <code>live_</code> keys.
          </p>`}
    <main id="main" tabindex="-1">
      <${A} error=${o} />
      ${t==="live"&&!n.user.email_verified?m`<p class="warning">
              Live keys need a verified e-mail address: open the link in the mail sent to
              ${n.user.email}.
            </p>`:null}
      ${r}
    </main>
  `}function at({open:e,title:t,onClose:n,children:r}){let s=pe(null),o=pe(null),i=pe(`dialog-${Math.random().toString(36).slice(2)}`).current;return O(()=>{let d=s.current;d&&(e&&!d.open?(o.current=document.activeElement,d.showModal()):!e&&d.open&&d.close())},[e]),O(()=>{e&&s.current?.querySelector("[autofocus], input:not([disabled]), select, textarea, button:not([disabled])")?.focus()},[e,t]),m`
    <dialog ref=${s} aria-labelledby=${i} onClose=${()=>{n();let d=o.current;o.current=null,d&&d.isConnected?d.focus():document.getElementById("main")?.focus()}}>
      ${e?m`<h2 id=${i}>${t}</h2>
              ${r}`:null}
    </dialog>
  `}function dt({label:e,secret:t}){let[n,r]=k(""),s=pe(null),o=async()=>{try{await navigator.clipboard.writeText(t),r("Copied to the clipboard.")}catch{s.current?.select(),r("Selected: press Ctrl+C (or Cmd+C) to copy.")}};return m`
    <p class="warning">
      This is the only time the ${e.toLowerCase()} is shown. Copy it and store it somewhere safe now; you
      cannot see it again.
    </p>
    <div class="secret">
      <label for="once-only-secret">${e}</label>
      <input
        id="once-only-secret"
        ref=${s}
        class="secret-value"
        readonly
        value=${t}
        spellcheck="false"
        autocomplete="off"
        autofocus
      />
      <button type="button" onClick=${o}>Copy</button>
    </div>
    <p role="status" class="muted">${n}</p>
  `}function L(){let[e,t]=k(!1),[n,r]=k(null);return{busy:e,error:n,setError:r,run:async o=>{t(!0),r(null);try{await o()}catch(i){it(i)&&document.body.dataset.environment&&location.assign(`/dashboard/signin?next=${encodeURIComponent(location.pathname)}`),r(ee(i))}finally{t(!1)}}}}function Ro(e=location.search){let t=new URLSearchParams(e).get("next")??"";return/^\/dashboard\/(test|live)\/(keys|billing|webhooks)$/.test(t)?t:"/dashboard/test/keys"}function Lr(){let e=location.hash.slice(1);return new URLSearchParams(e).get("token")??(/^[A-Za-z0-9_-]+$/.test(e)?e:"")}function lt({title:e,children:t}){return m`
    <main id="main" class="auth" tabindex="-1">
      <p class="brand">Assessment Service</p>
      <h1>${e}</h1>
      ${t}
    </main>
  `}function Ir({mode:e}){let t=L(),n=s=>{s.preventDefault();let o=new FormData(s.currentTarget),i=String(o.get("email")??"").trim(),a=String(o.get("password")??"");t.run(async()=>{e==="signup"?await _.signUp(i,a):await _.signIn(i,a),location.assign(Ro())})},r=e==="signup";return m`
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
        ${r?m`<p id="password-hint" class="hint">At least 12 characters.</p>`:null}
      </div>
      <button type="submit" class="primary" disabled=${t.busy}>
        ${r?"Create account":"Sign in"}
      </button>
    </form>
    ${r?m`<p>Already have an account? <a href="/dashboard/signin">Sign in</a></p>`:m`<p>
            New here? <a href="/dashboard/signup">Create an account</a> ·
            <a href="/dashboard/reset-password">Forgot your password?</a>
          </p>`}
  `}var qr=()=>m`<${lt} title="Sign in to the dashboard"><${Ir} mode="signin" /><//>`,Or=()=>m`<${lt} title="Create your account"
    ><p>Test keys work at once; live keys need a verified e-mail address.</p>
    <${Ir} mode="signup"
  /><//>`;function jr(){let[e,t]=k("working"),[n,r]=k(null);return O(()=>{let s=Lr();if(!s){t("failed"),r("This link has no verification token. Open the link from the mail again.");return}_.verifyEmail(s).then(()=>t("done"),o=>{t("failed"),r(ee(o))})},[]),m`
    <${lt} title="Verify your e-mail">
      ${e==="working"?m`<p aria-busy="true">Verifying…</p>`:null}
      ${e==="done"?m`<p role="status">Your e-mail address is verified. You can now create live keys.</p>
              <p><a href="/dashboard/live/keys">Go to live keys</a></p>`:null}
      <${A} error=${n} />
    <//>
  `}function Dr(){let e=Lr(),t=L(),[n,r]=k(null),s=o=>{o.preventDefault();let i=new FormData(o.currentTarget);t.run(async()=>{e?(await _.resetPassword(e,String(i.get("password")??"")),r("Your password is changed, and every other session is signed out. Sign in with the new password.")):(await _.requestPasswordReset(String(i.get("email")??"").trim()),r("If an account has that address, a reset link is on its way."))})};return m`
    <${lt} title=${e?"Choose a new password":"Reset your password"}>
      <${A} error=${t.error} message=${n} />
      ${n?m`<p><a href="/dashboard/signin">Sign in</a></p>`:m`<form onSubmit=${s} class="card">
              ${e?m`<div class="field">
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
                    </div>`:m`<div class="field">
                      <label for="email">E-mail</label
                      ><input id="email" name="email" type="email" required autocomplete="email" autofocus />
                    </div>`}
              <button type="submit" class="primary" disabled=${t.busy}>
                ${e?"Change password":"Send reset link"}
              </button>
            </form>`}
    <//>
  `}var ct=e=>e.toLocaleString("en-US");function Po(e){let t=e.monthly_cents===0?"Free":`${ut(e.monthly_cents,e.currency)} a month`,n=e.included_live_requests>0?`, ${ct(e.included_live_requests)} live requests included`:"",r=e.per_thousand_live_requests_cents>0?`, then ${ut(e.per_thousand_live_requests_cents,e.currency)} per 1,000`:"";return`${t}${n}${r}`}var ut=(e,t)=>new Intl.NumberFormat("en-US",{style:"currency",currency:t.toUpperCase()}).format(e/100);function Ur({environment:e}){let[t,n]=k(null),[r,s]=k(null),o=L(),i=L();if(O(()=>{o.run(async()=>n(await _.billing()))},[]),!t)return m`<h1>
        Billing <span class=${`mode-badge mode-${e}`}>${V(e)}</span>
      </h1>
      <${A} error=${o.error} />
      ${o.error?null:m`<p aria-busy="true">Loading billing…</p>`}`;let a=t.daily.filter(u=>u.live_requests>0),d=t.tiers.findIndex(u=>u.tier===t.tier),l=u=>i.run(async()=>{let c=await _.changePlan(u.tier);n(c),s(`Your account is now on tier ${c.tier} (${c.plan}). New rate limits apply to the next request.`)});return m`
    <h1>Billing <span class=${`mode-badge mode-${e}`}>${V(e)}</span></h1>
    <p class="lead">
      Billing is for the whole account. Only live requests are metered; test-mode traffic is free.
    </p>
    <${A} error=${i.error??o.error} message=${r} />
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
            ${t.tiers.map((u,c)=>{let p=u.tier===t.tier,f=c>d?"Upgrade":"Downgrade";return m`
                <tr
                  key=${u.tier}
                  aria-current=${p?"true":void 0}
                  class=${p?"current":""}
                >
                  <th scope="row">Tier ${u.tier}</th>
                  <td>${u.plan}</td>
                  <td class="number">${ct(u.per_key)} / min</td>
                  <td class="number">${ct(u.per_account)} / min</td>
                  <td>${Po(u.price)}</td>
                  <td>
                    ${p?m`<span class="muted">Current</span>`:m`<button type="button" disabled=${i.busy} onClick=${()=>l(u)}>${f} to ${u.plan}</button>`}
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
          >${ut(t.estimate.total_cents,t.estimate.currency)}</strong
        >.
      </p>
      ${t.estimate.lines.length?m`<table class="estimate">
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
                ${t.estimate.lines.map(u=>m`<tr>
                      <td>${u.description}</td>
                      <td class="number">${ct(u.quantity)}</td>
                      <td class="number">${ut(u.amount_cents,t.estimate.currency)}</td>
                    </tr>`)}
              </tbody>
            </table>`:null}
      <div class="usage">
        <${To} daily=${t.daily} month=${t.month} />
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
            ${a.length===0?m`<tr>
                    <td colspan="2" class="empty">No live requests yet this month.</td>
                  </tr>`:null}
            ${a.map(u=>m`<tr>
                  <td><time datetime=${u.date}>${u.date}</time></td>
                  <td class="number">${u.live_requests.toLocaleString("en-US")}</td>
                </tr>`)}
          </tbody>
        </table>
      </div>
    </section>
  `}var Ht=620,Y=160,ne=44,So=e=>e>=1e4?`${Math.round(e/1e3)}k`:String(e);function Eo(e,t){let[n,r]=e.split("-").map(Number),s=new Date(Date.UTC(n,r,0)).getUTCDate(),o=new Map(t.map(i=>[i.date,i.live_requests]));return Array.from({length:s},(i,a)=>{let d=`${e}-${String(a+1).padStart(2,"0")}`;return{date:d,live_requests:o.get(d)??0}})}function To({daily:e,month:t}){let n=Eo(t,e),r=Math.max(1,...n.map(a=>a.live_requests)),s=(Ht-ne)/n.length,o=s*.7,i=n.reduce((a,d)=>a+d.live_requests,0);return m`
    <figure class="chart">
      <svg
        viewBox=${`0 0 ${Ht} ${Y+22}`}
        role="img"
        aria-labelledby="usage-chart-title usage-chart-desc"
        class="usage-chart"
      >
        <title id="usage-chart-title">Live requests per day in ${t}</title>
        <desc id="usage-chart-desc">
          ${i} live requests in ${t}, at most ${r} in a day. The table beside the chart lists every
          day with traffic.
        </desc>
        <line x1=${ne} y1=${Y} x2=${Ht} y2=${Y} class="axis" />
        <line x1=${ne} y1="4" x2=${ne} y2=${Y} class="axis" />
        <text x=${ne-6} y="14" text-anchor="end" class="tick">${So(r)}</text>
        <text x=${ne-6} y=${Y} text-anchor="end" class="tick">0</text>
        ${n.map((a,d)=>{let l=a.live_requests/r*(Y-10),u=ne+d*s+(s-o)/2,c=d===0||(d+1)%5===0;return m`
            ${a.live_requests>0?m`<rect x=${u} y=${Y-l} width=${o} height=${l} class="bar"><title>${a.date}: ${a.live_requests}</title></rect>`:null}
            ${c?m`<text x=${u+o/2} y=${Y+16} text-anchor="middle" class="tick">${d+1}</text>`:null}
          `})}
      </svg>
      <figcaption>Live requests per day of ${t} (UTC).</figcaption>
    </figure>
  `}var X=e=>e.name??"Unnamed key";function Hr({environment:e}){let[t,n]=k(null),[r,s]=k([]),[o,i]=k(null),[a,d]=k(null),l=L(),u=()=>l.run(async()=>n(await _.keys(e)));O(()=>{l.run(async()=>{let[p,f]=await Promise.all([_.keys(e),_.scopes()]);n(p),s(f)})},[e]);let c=o?.kind==="create"?`Create a ${e} key`:o?.kind==="secret"?o.title:o?.kind==="rotate"?`Rotate ${X(o.key)}?`:o?.kind==="revoke"?`Revoke ${X(o.key)}?`:"";return m`
    <div class="page-heading">
      <h1>API keys <span class=${`mode-badge mode-${e}`}>${V(e)}</span></h1>
      <button type="button" class="primary" onClick=${()=>i({kind:"create"})}>Create key</button>
    </div>
    <p class="lead">
      Keys for the ${e} environment. Secret keys (<code>${e}_sk_</code>) belong on your
      server; publishable keys (<code>${e}_pk_</code>) may ship in a browser.
    </p>
    <${A} error=${l.error} message=${a} />
    ${t===null?m`<p aria-busy="true">Loading keys…</p>`:m`
            <div class="table-wrap">
              <table class="keys">
                <caption class="visually-hidden">
                  ${V(e)} API keys
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
                  ${t.length===0?m`<tr>
                          <td colspan="9" class="empty">
                            No ${e} keys yet. Create one to call the API.
                          </td>
                        </tr>`:null}
                  ${t.map(p=>m`
                      <tr key=${p.id} data-key-id=${p.id}>
                        <th scope="row" class="name">${X(p)}</th>
                        <td>${p.type==="sk"?"Secret":"Publishable"}</td>
                        <td>${p.environment}</td>
                        <td><code class="redacted">${p.redacted}</code></td>
                        <td>${p.scopes.map(f=>m`<code class="scope">${f}</code> `)}</td>
                        <td><${te} iso=${p.created_at} /></td>
                        <td><${te} iso=${p.last_used_at} /></td>
                        <td>
                          <span class=${`status status-${p.status}`}
                            >${p.status==="active"?"Active":"Revoked"}</span
                          >
                        </td>
                        <td class="actions">
                          ${p.status==="active"?m`
                                  <button
                                    type="button"
                                    onClick=${()=>i({kind:"rotate",key:p})}
                                    aria-label=${`Rotate ${X(p)}`}
                                  >
                                    Rotate
                                  </button>
                                  <button
                                    type="button"
                                    class="danger"
                                    onClick=${()=>i({kind:"revoke",key:p})}
                                    aria-label=${`Revoke ${X(p)}`}
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
    <${at} open=${o!==null} title=${c} onClose=${()=>i(null)}>
      ${o?.kind==="create"?m`<${Co}
              environment=${e}
              scopes=${r}
              onCancel=${()=>i(null)}
              onCreated=${(p,f)=>{i({kind:"secret",title:`Your new key ${f}`,secret:p}),d(`Created the key ${f}.`),u()}}
            />`:null}
      ${o?.kind==="secret"?m`<${Ao} secret=${o.secret} onDone=${()=>i(null)} />`:null}
      ${o?.kind==="rotate"?m`<${ge}
              text=${`The current key ${o.key.redacted} stops working immediately, and a new key with the same name and scopes is shown once.`}
              confirm="Rotate key"
              onCancel=${()=>i(null)}
              onConfirm=${async()=>{let p=await _.rotateKey(o.key.id);i({kind:"secret",title:`The new key for ${X(p.key)}`,secret:p.secret}),d(`Rotated the key ${X(p.key)}; the old key no longer works.`),u()}}
            />`:null}
      ${o?.kind==="revoke"?m`<${ge}
              text=${`Requests with ${o.key.redacted} will be refused (401) from now on. This cannot be undone.`}
              confirm="Revoke key"
              danger=${!0}
              onCancel=${()=>i(null)}
              onConfirm=${async()=>{let p=await _.revokeKey(o.key.id);i(null),d(`Revoked the key ${X(p)}.`),u()}}
            />`:null}
    <//>
  `}function Co({environment:e,scopes:t,onCancel:n,onCreated:r}){let s=L();return m`
    <form onSubmit=${i=>{i.preventDefault();let a=new FormData(i.currentTarget),d=String(a.get("name")??"").trim(),l=a.get("type")==="pk"?"pk":"sk",u=a.getAll("scopes").map(String);if(u.length===0){s.setError("Choose at least one scope.");return}s.run(async()=>{let c=await _.createKey({name:d,type:l,environment:e,scopes:u});r(c.secret,X(c.key))})}} novalidate=${!1}>
      <${A} error=${s.error} />
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
        ${t.map(i=>m`
            <div class="checkbox">
              <input
                type="checkbox"
                id=${z("scope",i.scope)}
                name="scopes"
                value=${i.scope}
                disabled=${!i.mintable}
                aria-describedby=${z("scope-about",i.scope)}
              />
              <label for=${z("scope",i.scope)}><code>${i.scope}</code></label>
              <span id=${z("scope-about",i.scope)} class="hint"
                >${i.description}${i.mintable?"":" (available when the product launches)"}</span
              >
            </div>
          `)}
      </fieldset>
      <div class="buttons">
        <button type="button" onClick=${n}>Cancel</button>
        <button type="submit" class="primary" disabled=${s.busy}>Create key</button>
      </div>
    </form>
  `}function Ao({secret:e,onDone:t}){return m`
    <${dt} label="API key" secret=${e} />
    <div class="buttons"><button type="button" class="primary" onClick=${t}>Done</button></div>
  `}function ge({text:e,confirm:t,danger:n=!1,onCancel:r,onConfirm:s}){let o=L();return m`
    <p>${e}</p>
    <${A} error=${o.error} />
    <div class="buttons">
      <button type="button" onClick=${r} autofocus>Cancel</button>
      <button
        type="button"
        class=${n?"danger":"primary"}
        disabled=${o.busy}
        onClick=${()=>o.run(s)}
      >
        ${t}
      </button>
    </div>
  `}var de=e=>e.status==="enabled";function Wr({environment:e}){let[t,n]=k(null),[r,s]=k([]),[o,i]=k(null),[a,d]=k(null),[l,u]=k(null),c=L(),p=L(),f=()=>c.run(async()=>n(await _.endpoints(e)));O(()=>{c.run(async()=>{let[h,T]=await Promise.all([_.endpoints(e),_.eventTypes()]);n(h),s(T)})},[e]);let y=h=>p.run(async()=>{de(h)?await _.disableEndpoint(h.id):await _.enableEndpoint(h.id),u(`${de(h)?"Disabled":"Enabled"} ${h.url}.`),await f()}),P={add:`Add a ${e} endpoint`,rotate:"Rotate the signing secret?",remove:"Remove this endpoint?",test:"Send a test event"},$=o?o.kind==="secret"?o.title:P[o.kind]:"",b=t?.find(h=>h.id===a);return m`
    <div class="page-heading">
      <h1>Webhooks <span class=${`mode-badge mode-${e}`}>${V(e)}</span></h1>
      <button type="button" class="primary" onClick=${()=>i({kind:"add"})}>Add endpoint</button>
    </div>
    <p class="lead">
      Endpoints that receive ${e==="test"?"test-mode":"live"} events, signed with their own
      secret (Standard Webhooks).
    </p>
    <${A} error=${p.error??c.error} message=${l} />
    ${t===null?m`<p aria-busy="true">Loading endpoints…</p>`:m`
            <div class="table-wrap">
              <table class="endpoints">
                <caption class="visually-hidden">
                  ${V(e)} webhook endpoints
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
                  ${t.length===0?m`<tr>
                          <td colspan="5" class="empty">No ${e} endpoints yet.</td>
                        </tr>`:null}
                  ${t.map(h=>m`
                      <tr key=${h.id} data-endpoint-id=${h.id}>
                        <th scope="row" class="url"><code>${h.url}</code></th>
                        <td>${h.events.map(T=>m`<code class="scope">${T}</code> `)}</td>
                        <td>
                          <span class=${`status status-${de(h)?"active":"revoked"}`}
                            >${de(h)?"Enabled":"Disabled"}</span
                          >${h.disabled_reason?m`<p class="hint">${h.disabled_reason}</p>`:null}
                        </td>
                        <td><${te} iso=${h.created_at} empty="—" /></td>
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
                            onClick=${()=>y(h)}
                            aria-label=${`${de(h)?"Disable":"Enable"} ${h.url}`}
                          >
                            ${de(h)?"Disable":"Enable"}
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
    ${b?m`<${Io} endpoint=${b} onMessage=${u} />`:null}
    <${at} open=${o!==null} title=${$} onClose=${()=>i(null)}>
      ${o?.kind==="add"?m`<${Mo}
              environment=${e}
              eventTypes=${r}
              onCancel=${()=>i(null)}
              onCreated=${(h,T)=>{i({kind:"secret",title:`Signing secret for ${h.url}`,secret:T}),u(`Added ${h.url}.`),d(h.id),f()}}
            />`:null}
      ${o?.kind==="secret"?m`<${dt} label="Signing secret" secret=${o.secret} />
              <div class="buttons">
                <button type="button" class="primary" onClick=${()=>i(null)}>Done</button>
              </div>`:null}
      ${o?.kind==="rotate"?m`<${ge}
              text=${`Deliveries to ${o.endpoint.url} will be signed with a new secret, shown once. Update your receiver before the next event.`}
              confirm="Rotate secret"
              onCancel=${()=>i(null)}
              onConfirm=${async()=>{let h=await _.rotateEndpointSecret(o.endpoint.id);i({kind:"secret",title:`New signing secret for ${h.endpoint.url}`,secret:h.secret})}}
            />`:null}
      ${o?.kind==="remove"?m`<${ge}
              text=${`${o.endpoint.url} will receive no more events. This cannot be undone.`}
              confirm="Remove endpoint"
              danger=${!0}
              onCancel=${()=>i(null)}
              onConfirm=${async()=>{await _.removeEndpoint(o.endpoint.id),a===o.endpoint.id&&d(null),i(null),u(`Removed ${o.endpoint.url}.`),await f()}}
            />`:null}
      ${o?.kind==="test"?m`<${Lo}
              endpoint=${o.endpoint}
              eventTypes=${o.endpoint.events.includes("*")?r:o.endpoint.events}
              onCancel=${()=>i(null)}
              onSent=${h=>{i(null),d(o.endpoint.id),u(`Sent a test ${h} event to ${o.endpoint.url}; it appears under its deliveries.`)}}
            />`:null}
    <//>
  `}function Mo({environment:e,eventTypes:t,onCancel:n,onCreated:r}){let s=L();return m`
    <form onSubmit=${i=>{i.preventDefault();let a=new FormData(i.currentTarget),d=String(a.get("url")??"").trim(),l=a.getAll("events").map(String);if(l.length===0){s.setError("Choose at least one event type.");return}s.run(async()=>{let u=await _.createEndpoint({environment:e,url:d,events:l});r(u.endpoint,u.secret)})}}>
      <${A} error=${s.error} />
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
        ${t.map(i=>m`<div class="checkbox">
              <input type="checkbox" id=${z("event",i)} name="events" value=${i} /><label
                for=${z("event",i)}
                ><code>${i}</code></label
              >
            </div>`)}
      </fieldset>
      <div class="buttons">
        <button type="button" onClick=${n}>Cancel</button>
        <button type="submit" class="primary" disabled=${s.busy}>Add endpoint</button>
      </div>
    </form>
  `}function Lo({endpoint:e,eventTypes:t,onCancel:n,onSent:r}){let s=L();return m`
    <form onSubmit=${i=>{i.preventDefault();let a=String(new FormData(i.currentTarget).get("type")??"");s.run(async()=>{await _.sendTestEvent(e.id,a),r(a)})}}>
      <p>A sample event is signed and delivered to <code>${e.url}</code> like a real one.</p>
      <${A} error=${s.error} />
      <div class="field">
        <label for="test-event-type">Event type</label>
        <select id="test-event-type" name="type" autofocus>
          ${t.map(i=>m`<option value=${i}>${i}</option>`)}
        </select>
      </div>
      <div class="buttons">
        <button type="button" onClick=${n}>Cancel</button>
        <button type="submit" class="primary" disabled=${s.busy}>Send test event</button>
      </div>
    </form>
  `}function Io({endpoint:e,onMessage:t}){let[n,r]=k(null),s=L(),o=L(),i=()=>s.run(async()=>r(await _.deliveries(e.id)));return O(()=>{i()},[e.id]),m`
    <section class="deliveries" aria-labelledby="deliveries-heading">
      <div class="page-heading">
        <h2 id="deliveries-heading">Recent deliveries to <code>${e.url}</code></h2>
        <button type="button" onClick=${i} disabled=${s.busy}>Refresh</button>
      </div>
      <${A} error=${o.error??s.error} />
      ${n===null?m`<p aria-busy="true">Loading deliveries…</p>`:m`
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
                    ${n.length===0?m`<tr>
                            <td colspan="7" class="empty">
                              No deliveries yet. Send a test event to try the endpoint.
                            </td>
                          </tr>`:null}
                    ${n.map(a=>m`
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
                          <td><${te} iso=${a.last_attempt_at} empty="—" /></td>
                          <td><${te} iso=${a.next_attempt_at} empty="—" /></td>
                          <td class="actions">
                            <button
                              type="button"
                              disabled=${o.busy}
                              aria-label=${`Resend ${a.event_type} ${a.event_id}`}
                              onClick=${()=>o.run(async()=>{await _.resendEvent(a.event_id),t(`Queued ${a.event_id} again.`),await i()})}
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
  `}var Br={keys:Hr,billing:Ur,webhooks:Wr},Kr={signin:qr,signup:Or,"verify-email":jr,"reset-password":Dr};function qo({page:e,environment:t}){let[n,r]=k(null),[s,o]=k(null);if(O(()=>{_.session().then(r,a=>{it(a)?location.replace(`/dashboard/signin?next=${encodeURIComponent(location.pathname)}`):o(ee(a))})},[]),!n)return m`<main id="main">
      <h1>${Ut[e]}</h1>
      ${s?m`<${A} error=${s} />`:m`<p aria-busy="true">Loading…</p>`}
    </main>`;let i=Br[e];return m`<${Mr} page=${e} environment=${t} session=${n}
    ><${i} environment=${t}
  /><//>`}var Wt=document.getElementById("app"),{page:pt="",environment:Kt}=document.body.dataset;if(Wt){if(pt in Br&&(Kt==="test"||Kt==="live"))Pe(m`<${qo} page=${pt} environment=${Kt} />`,Wt);else if(pt in Kr){let e=Kr[pt];Pe(m`<${e} />`,Wt),window.addEventListener("hashchange",()=>location.reload())}}
