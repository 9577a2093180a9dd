// Built by `npm run generate` from service/dashboard/ui/ (esbuild 0.28.2); do not edit.
var ve,w,Ft,Ir,Z,Wt,Vt,Xt,Gt,yt,mt,ft,qr,ce={},Jt=[],Or=/acit|ex(?:s|g|n|p|$)|rph|grid|ows|mnc|ntw|ine[ch]|zoo|^ord|itera/i,$e=Array.isArray;function N(t,e){for(var n in e)t[n]=e[n];return t}function gt(t){t&&t.parentNode&&t.parentNode.removeChild(t)}function xe(t,e,n){var r,o,s,i={};for(s in e)s=="key"?r=e[s]:s=="ref"?o=e[s]:i[s]=e[s];if(arguments.length>2&&(i.children=arguments.length>3?ve.call(arguments,2):n),typeof t=="function"&&t.defaultProps!=null)for(s in t.defaultProps)i[s]===void 0&&(i[s]=t.defaultProps[s]);return ke(t,i,r,o,null)}function ke(t,e,n,r,o){var s={type:t,props:e,key:n,ref:r,__k:null,__:null,__b:0,__e:null,__c:null,constructor:void 0,__v:o??++Ft,__i:-1,__u:0};return o==null&&w.vnode!=null&&w.vnode(s),s}function Re(t){return t.children}function le(t,e){this.props=t,this.context=e}function re(t,e){if(e==null)return t.__?re(t.__,t.__i+1):null;for(var n;e<t.__k.length;e++)if((n=t.__k[e])!=null&&n.__e!=null)return n.__e;return typeof t.type=="function"?re(t):null}function zt(t){var e,n;if((t=t.__)!=null&&t.__c!=null){for(t.__e=t.__c.base=null,e=0;e<t.__k.length;e++)if((n=t.__k[e])!=null&&n.__e!=null){t.__e=t.__c.base=n.__e;break}return zt(t)}}function Kt(t){(!t.__d&&(t.__d=!0)&&Z.push(t)&&!we.__r++||Wt!=w.debounceRendering)&&((Wt=w.debounceRendering)||Vt)(we)}function we(){for(var t,e,n,r,o,s,i,a=1;Z.length;)Z.length>a&&Z.sort(Xt),t=Z.shift(),a=Z.length,t.__d&&(n=void 0,r=void 0,o=(r=(e=t).__v).__e,s=[],i=[],e.__P&&((n=N({},r)).__v=r.__v+1,w.vnode&&w.vnode(n),bt(e.__P,n,r,e.__n,e.__P.namespaceURI,32&r.__u?[o]:null,s,o??re(r),!!(32&r.__u),i),n.__v=r.__v,n.__.__k[n.__i]=n,Zt(s,n,i),r.__e=r.__=null,n.__e!=o&&zt(n)));we.__r=0}function Yt(t,e,n,r,o,s,i,a,d,l,u){var c,p,f,y,P,$,b,h=r&&r.__k||Jt,T=e.length;for(d=jr(n,e,h,d,T),c=0;c<T;c++)(f=n.__k[c])!=null&&(p=f.__i==-1?ce:h[f.__i]||ce,f.__i=c,$=bt(t,f,p,o,s,i,a,d,l,u),y=f.__e,f.ref&&p.ref!=f.ref&&(p.ref&&_t(p.ref,null,f),u.push(f.ref,f.__c||y,f)),P==null&&y!=null&&(P=y),(b=!!(4&f.__u))||p.__k===f.__k?d=Qt(f,d,t,b):typeof f.type=="function"&&$!==void 0?d=$:y&&(d=y.nextSibling),f.__u&=-7);return n.__e=P,d}function jr(t,e,n,r,o){var s,i,a,d,l,u=n.length,c=u,p=0;for(t.__k=new Array(o),s=0;s<o;s++)(i=e[s])!=null&&typeof i!="boolean"&&typeof i!="function"?(typeof i=="string"||typeof i=="number"||typeof i=="bigint"||i.constructor==String?i=t.__k[s]=ke(null,i,null,null,null):$e(i)?i=t.__k[s]=ke(Re,{children:i},null,null,null):i.constructor==null&&i.__b>0?i=t.__k[s]=ke(i.type,i.props,i.key,i.ref?i.ref:null,i.__v):t.__k[s]=i,d=s+p,i.__=t,i.__b=t.__b+1,(l=i.__i=Dr(i,n,d,c))!=-1&&(c--,(a=n[l])&&(a.__u|=2)),a==null||a.__v==null?(l==-1&&(o>u?p--:o<u&&p++),typeof i.type!="function"&&(i.__u|=4)):l!=d&&(l==d-1?p--:l==d+1?p++:(l>d?p--:p++,i.__u|=4))):t.__k[s]=null;if(c)for(s=0;s<u;s++)(a=n[s])!=null&&(2&a.__u)==0&&(a.__e==r&&(r=re(a)),tn(a,a));return r}function Qt(t,e,n,r){var o,s;if(typeof t.type=="function"){for(o=t.__k,s=0;o&&s<o.length;s++)o[s]&&(o[s].__=t,e=Qt(o[s],e,n,r));return e}t.__e!=e&&(r&&(e&&t.type&&!e.parentNode&&(e=re(t)),n.insertBefore(t.__e,e||null)),e=t.__e);do e=e&&e.nextSibling;while(e!=null&&e.nodeType==8);return e}function Dr(t,e,n,r){var o,s,i,a=t.key,d=t.type,l=e[n],u=l!=null&&(2&l.__u)==0;if(l===null&&a==null||u&&a==l.key&&d==l.type)return n;if(r>(u?1:0)){for(o=n-1,s=n+1;o>=0||s<e.length;)if((l=e[i=o>=0?o--:s++])!=null&&(2&l.__u)==0&&a==l.key&&d==l.type)return i}return-1}function Bt(t,e,n){e[0]=="-"?t.setProperty(e,n??""):t[e]=n==null?"":typeof n!="number"||Or.test(e)?n:n+"px"}function _e(t,e,n,r,o){var s,i;e:if(e=="style")if(typeof n=="string")t.style.cssText=n;else{if(typeof r=="string"&&(t.style.cssText=r=""),r)for(e in r)n&&e in n||Bt(t.style,e,"");if(n)for(e in n)r&&n[e]==r[e]||Bt(t.style,e,n[e])}else if(e[0]=="o"&&e[1]=="n")s=e!=(e=e.replace(Gt,"$1")),i=e.toLowerCase(),e=i in t||e=="onFocusOut"||e=="onFocusIn"?i.slice(2):e.slice(2),t.l||(t.l={}),t.l[e+s]=n,n?r?n.u=r.u:(n.u=yt,t.addEventListener(e,s?ft:mt,s)):t.removeEventListener(e,s?ft:mt,s);else{if(o=="http://www.w3.org/2000/svg")e=e.replace(/xlink(H|:h)/,"h").replace(/sName$/,"s");else if(e!="width"&&e!="height"&&e!="href"&&e!="list"&&e!="form"&&e!="tabIndex"&&e!="download"&&e!="rowSpan"&&e!="colSpan"&&e!="role"&&e!="popover"&&e in t)try{t[e]=n??"";break e}catch{}typeof n=="function"||(n==null||n===!1&&e[4]!="-"?t.removeAttribute(e):t.setAttribute(e,e=="popover"&&n==1?"":n))}}function Nt(t){return function(e){if(this.l){var n=this.l[e.type+t];if(e.t==null)e.t=yt++;else if(e.t<n.u)return;return n(w.event?w.event(e):e)}}}function bt(t,e,n,r,o,s,i,a,d,l){var u,c,p,f,y,P,$,b,h,T,M,S,D,be,Q,U,G,I=e.type;if(e.constructor!=null)return null;128&n.__u&&(d=!!(32&n.__u),s=[a=e.__e=n.__e]),(u=w.__b)&&u(e);e:if(typeof I=="function")try{if(b=e.props,h="prototype"in I&&I.prototype.render,T=(u=I.contextType)&&r[u.__c],M=u?T?T.props.value:u.__:r,n.__c?$=(c=e.__c=n.__c).__=c.__E:(h?e.__c=c=new I(b,M):(e.__c=c=new le(b,M),c.constructor=I,c.render=Hr),T&&T.sub(c),c.state||(c.state={}),c.__n=r,p=c.__d=!0,c.__h=[],c._sb=[]),h&&c.__s==null&&(c.__s=c.state),h&&I.getDerivedStateFromProps!=null&&(c.__s==c.state&&(c.__s=N({},c.__s)),N(c.__s,I.getDerivedStateFromProps(b,c.__s))),f=c.props,y=c.state,c.__v=e,p)h&&I.getDerivedStateFromProps==null&&c.componentWillMount!=null&&c.componentWillMount(),h&&c.componentDidMount!=null&&c.__h.push(c.componentDidMount);else{if(h&&I.getDerivedStateFromProps==null&&b!==f&&c.componentWillReceiveProps!=null&&c.componentWillReceiveProps(b,M),e.__v==n.__v||!c.__e&&c.shouldComponentUpdate!=null&&c.shouldComponentUpdate(b,c.__s,M)===!1){for(e.__v!=n.__v&&(c.props=b,c.state=c.__s,c.__d=!1),e.__e=n.__e,e.__k=n.__k,e.__k.some(function(B){B&&(B.__=e)}),S=0;S<c._sb.length;S++)c.__h.push(c._sb[S]);c._sb=[],c.__h.length&&i.push(c);break e}c.componentWillUpdate!=null&&c.componentWillUpdate(b,c.__s,M),h&&c.componentDidUpdate!=null&&c.__h.push(function(){c.componentDidUpdate(f,y,P)})}if(c.context=M,c.props=b,c.__P=t,c.__e=!1,D=w.__r,be=0,h){for(c.state=c.__s,c.__d=!1,D&&D(e),u=c.render(c.props,c.state,c.context),Q=0;Q<c._sb.length;Q++)c.__h.push(c._sb[Q]);c._sb=[]}else do c.__d=!1,D&&D(e),u=c.render(c.props,c.state,c.context),c.state=c.__s;while(c.__d&&++be<25);c.state=c.__s,c.getChildContext!=null&&(r=N(N({},r),c.getChildContext())),h&&!p&&c.getSnapshotBeforeUpdate!=null&&(P=c.getSnapshotBeforeUpdate(f,y)),U=u,u!=null&&u.type===Re&&u.key==null&&(U=en(u.props.children)),a=Yt(t,$e(U)?U:[U],e,n,r,o,s,i,a,d,l),c.base=e.__e,e.__u&=-161,c.__h.length&&i.push(c),$&&(c.__E=c.__=null)}catch(B){if(e.__v=null,d||s!=null)if(B.then){for(e.__u|=d?160:128;a&&a.nodeType==8&&a.nextSibling;)a=a.nextSibling;s[s.indexOf(a)]=null,e.__e=a}else{for(G=s.length;G--;)gt(s[G]);ht(e)}else e.__e=n.__e,e.__k=n.__k,B.then||ht(e);w.__e(B,e,n)}else s==null&&e.__v==n.__v?(e.__k=n.__k,e.__e=n.__e):a=e.__e=Ur(n.__e,e,n,r,o,s,i,d,l);return(u=w.diffed)&&u(e),128&e.__u?void 0:a}function ht(t){t&&t.__c&&(t.__c.__e=!0),t&&t.__k&&t.__k.forEach(ht)}function Zt(t,e,n){for(var r=0;r<n.length;r++)_t(n[r],n[++r],n[++r]);w.__c&&w.__c(e,t),t.some(function(o){try{t=o.__h,o.__h=[],t.some(function(s){s.call(o)})}catch(s){w.__e(s,o.__v)}})}function en(t){return typeof t!="object"||t==null||t.__b&&t.__b>0?t:$e(t)?t.map(en):N({},t)}function Ur(t,e,n,r,o,s,i,a,d){var l,u,c,p,f,y,P,$=n.props||ce,b=e.props,h=e.type;if(h=="svg"?o="http://www.w3.org/2000/svg":h=="math"?o="http://www.w3.org/1998/Math/MathML":o||(o="http://www.w3.org/1999/xhtml"),s!=null){for(l=0;l<s.length;l++)if((f=s[l])&&"setAttribute"in f==!!h&&(h?f.localName==h:f.nodeType==3)){t=f,s[l]=null;break}}if(t==null){if(h==null)return document.createTextNode(b);t=document.createElementNS(o,h,b.is&&b),a&&(w.__m&&w.__m(e,s),a=!1),s=null}if(h==null)$===b||a&&t.data==b||(t.data=b);else{if(s=s&&ve.call(t.childNodes),!a&&s!=null)for($={},l=0;l<t.attributes.length;l++)$[(f=t.attributes[l]).name]=f.value;for(l in $)if(f=$[l],l!="children"){if(l=="dangerouslySetInnerHTML")c=f;else if(!(l in b)){if(l=="value"&&"defaultValue"in b||l=="checked"&&"defaultChecked"in b)continue;_e(t,l,null,f,o)}}for(l in b)f=b[l],l=="children"?p=f:l=="dangerouslySetInnerHTML"?u=f:l=="value"?y=f:l=="checked"?P=f:a&&typeof f!="function"||$[l]===f||_e(t,l,f,$[l],o);if(u)a||c&&(u.__html==c.__html||u.__html==t.innerHTML)||(t.innerHTML=u.__html),e.__k=[];else if(c&&(t.innerHTML=""),Yt(e.type=="template"?t.content:t,$e(p)?p:[p],e,n,r,h=="foreignObject"?"http://www.w3.org/1999/xhtml":o,s,i,s?s[0]:n.__k&&re(n,0),a,d),s!=null)for(l=s.length;l--;)gt(s[l]);a||(l="value",h=="progress"&&y==null?t.removeAttribute("value"):y!=null&&(y!==t[l]||h=="progress"&&!y||h=="option"&&y!=$[l])&&_e(t,l,y,$[l],o),l="checked",P!=null&&P!=t[l]&&_e(t,l,P,$[l],o))}return t}function _t(t,e,n){try{if(typeof t=="function"){var r=typeof t.__u=="function";r&&t.__u(),r&&e==null||(t.__u=t(e))}else t.current=e}catch(o){w.__e(o,n)}}function tn(t,e,n){var r,o;if(w.unmount&&w.unmount(t),(r=t.ref)&&(r.current&&r.current!=t.__e||_t(r,null,e)),(r=t.__c)!=null){if(r.componentWillUnmount)try{r.componentWillUnmount()}catch(s){w.__e(s,e)}r.base=r.__P=null}if(r=t.__k)for(o=0;o<r.length;o++)r[o]&&tn(r[o],e,n||typeof t.type!="function");n||gt(t.__e),t.__c=t.__=t.__e=void 0}function Hr(t,e,n){return this.constructor(t,n)}function Pe(t,e,n){var r,o,s,i;e==document&&(e=document.documentElement),w.__&&w.__(t,e),o=(r=typeof n=="function")?null:n&&n.__k||e.__k,s=[],i=[],bt(e,t=(!r&&n||e).__k=xe(Re,null,[t]),o||ce,ce,e.namespaceURI,!r&&n?[n]:o?null:e.firstChild?ve.call(e.childNodes):null,s,!r&&n?n:o?o.__e:e.firstChild,r,i),Zt(s,t,i)}ve=Jt.slice,w={__e:function(t,e,n,r){for(var o,s,i;e=e.__;)if((o=e.__c)&&!o.__)try{if((s=o.constructor)&&s.getDerivedStateFromError!=null&&(o.setState(s.getDerivedStateFromError(t)),i=o.__d),o.componentDidCatch!=null&&(o.componentDidCatch(t,r||{}),i=o.__d),i)return o.__E=o}catch(a){t=a}throw t}},Ft=0,Ir=function(t){return t!=null&&t.constructor==null},le.prototype.setState=function(t,e){var n;n=this.__s!=null&&this.__s!=this.state?this.__s:this.__s=N({},this.state),typeof t=="function"&&(t=t(N({},n),this.props)),t&&N(n,t),t!=null&&this.__v&&(e&&this._sb.push(e),Kt(this))},le.prototype.forceUpdate=function(t){this.__v&&(this.__e=!0,t&&this.__h.push(t),Kt(this))},le.prototype.render=Re,Z=[],Vt=typeof Promise=="function"?Promise.prototype.then.bind(Promise.resolve()):setTimeout,Xt=function(t,e){return t.__v.__b-e.__v.__b},we.__r=0,Gt=/(PointerCapture)$|Capture$/i,yt=0,mt=Nt(!1),ft=Nt(!0),qr=0;var rn=function(t,e,n,r){var o;e[0]=0;for(var s=1;s<e.length;s++){var i=e[s++],a=e[s]?(e[0]|=i?1:2,n[e[s++]]):e[++s];i===3?r[0]=a:i===4?r[1]=Object.assign(r[1]||{},a):i===5?(r[1]=r[1]||{})[e[++s]]=a:i===6?r[1][e[++s]]+=a+"":i?(o=t.apply(a,rn(t,a,n,["",null])),r.push(o),a[0]?e[0]|=2:(e[s-2]=0,e[s]=o)):r.push(a)}return r},nn=new Map;function sn(t){var e=nn.get(this);return e||(e=new Map,nn.set(this,e)),(e=rn(this,e.get(t)||(e.set(t,e=(function(n){for(var r,o,s=1,i="",a="",d=[0],l=function(p){s===1&&(p||(i=i.replace(/^\s*\n\s*|\s*\n\s*$/g,"")))?d.push(0,p,i):s===3&&(p||i)?(d.push(3,p,i),s=2):s===2&&i==="..."&&p?d.push(4,p,0):s===2&&i&&!p?d.push(5,0,!0,i):s>=5&&((i||!p&&s===5)&&(d.push(s,0,i,o),s=6),p&&(d.push(s,p,0,o),s=6)),i=""},u=0;u<n.length;u++){u&&(s===1&&l(),l(u));for(var c=0;c<n[u].length;c++)r=n[u][c],s===1?r==="<"?(l(),d=[d],s=3):i+=r:s===4?i==="--"&&r===">"?(s=1,i=""):i=r+i[0]:a?r===a?a="":i+=r:r==='"'||r==="'"?a=r:r===">"?(l(),s=1):s&&(r==="="?(s=5,o=i,i=""):r==="/"&&(s<5||n[u][c+1]===">")?(l(),s===3&&(d=d[0]),s=d,(d=d[0]).push(2,0,s),s=0):r===" "||r==="	"||r===`
`||r==="\r"?(l(),s=2):i+=r),s===3&&i==="!--"&&(s=4,d=d[0])}return l(),d})(t)),e),arguments,[])).length>1?e:e[0]}var m=sn.bind(xe);var ue,E,kt,on,Ee=0,fn=[],C=w,an=C.__b,dn=C.__r,ln=C.diffed,cn=C.__c,un=C.unmount,pn=C.__;function vt(t,e){C.__h&&C.__h(E,t,Ee||e),Ee=0;var n=E.__H||(E.__H={__:[],__h:[]});return t>=n.__.length&&n.__.push({}),n.__[t]}function k(t){return Ee=1,Wr(yn,t)}function Wr(t,e,n){var r=vt(ue++,2);if(r.t=t,!r.__c&&(r.__=[n?n(e):yn(void 0,e),function(a){var d=r.__N?r.__N[0]:r.__[0],l=r.t(d,a);d!==l&&(r.__N=[l,r.__[1]],r.__c.setState({}))}],r.__c=E,!E.__f)){var o=function(a,d,l){if(!r.__c.__H)return!0;var u=r.__c.__H.__.filter(function(p){return!!p.__c});if(u.every(function(p){return!p.__N}))return!s||s.call(this,a,d,l);var c=r.__c.props!==a;return u.forEach(function(p){if(p.__N){var f=p.__[0];p.__=p.__N,p.__N=void 0,f!==p.__[0]&&(c=!0)}}),s&&s.call(this,a,d,l)||c};E.__f=!0;var s=E.shouldComponentUpdate,i=E.componentWillUpdate;E.componentWillUpdate=function(a,d,l){if(this.__e){var u=s;s=void 0,o(a,d,l),s=u}i&&i.call(this,a,d,l)},E.shouldComponentUpdate=o}return r.__N||r.__}function O(t,e){var n=vt(ue++,3);!C.__s&&hn(n.__H,e)&&(n.__=t,n.u=e,E.__H.__h.push(n))}function pe(t){return Ee=5,Kr(function(){return{current:t}},[])}function Kr(t,e){var n=vt(ue++,7);return hn(n.__H,e)&&(n.__=t(),n.__H=e,n.__h=t),n.__}function Br(){for(var t;t=fn.shift();)if(t.__P&&t.__H)try{t.__H.__h.forEach(Se),t.__H.__h.forEach(wt),t.__H.__h=[]}catch(e){t.__H.__h=[],C.__e(e,t.__v)}}C.__b=function(t){E=null,an&&an(t)},C.__=function(t,e){t&&e.__k&&e.__k.__m&&(t.__m=e.__k.__m),pn&&pn(t,e)},C.__r=function(t){dn&&dn(t),ue=0;var e=(E=t.__c).__H;e&&(kt===E?(e.__h=[],E.__h=[],e.__.forEach(function(n){n.__N&&(n.__=n.__N),n.u=n.__N=void 0})):(e.__h.forEach(Se),e.__h.forEach(wt),e.__h=[],ue=0)),kt=E},C.diffed=function(t){ln&&ln(t);var e=t.__c;e&&e.__H&&(e.__H.__h.length&&(fn.push(e)!==1&&on===C.requestAnimationFrame||((on=C.requestAnimationFrame)||Nr)(Br)),e.__H.__.forEach(function(n){n.u&&(n.__H=n.u),n.u=void 0})),kt=E=null},C.__c=function(t,e){e.some(function(n){try{n.__h.forEach(Se),n.__h=n.__h.filter(function(r){return!r.__||wt(r)})}catch(r){e.some(function(o){o.__h&&(o.__h=[])}),e=[],C.__e(r,n.__v)}}),cn&&cn(t,e)},C.unmount=function(t){un&&un(t);var e,n=t.__c;n&&n.__H&&(n.__H.__.forEach(function(r){try{Se(r)}catch(o){e=o}}),n.__H=void 0,e&&C.__e(e,n.__v))};var mn=typeof requestAnimationFrame=="function";function Nr(t){var e,n=function(){clearTimeout(r),mn&&cancelAnimationFrame(e),setTimeout(t)},r=setTimeout(n,35);mn&&(e=requestAnimationFrame(n))}function Se(t){var e=E,n=t.__c;typeof n=="function"&&(t.__c=void 0,n()),E=e}function wt(t){var e=E;t.__c=t.__(),E=e}function hn(t,e){return!t||t.length!==e.length||e.some(function(n,r){return n!==t[r]})}function yn(t,e){return typeof e=="function"?e(t):e}var se=class{constructor(e){this.responsePromise=e}responsePromise;parsed;[Symbol.toStringTag]="APIPromise";withResponse(){return this.responsePromise}body(){return this.parsed??=this.responsePromise.then(e=>e.data),this.parsed}then(e,n){return this.body().then(e,n)}catch(e){return this.body().catch(e)}finally(e){return this.body().finally(e)}};var v=class{constructor(e){this._client=e}_client};var g=class extends Error{name="ClientError"},R=class t extends g{name="APIError";status;code;param;requestId;headers;body;retryAfterMs;constructor(e,n,r,o,s){let i=Fr(n),a=i.requestId??(s?o?.get(s)??null:null);super(t.describe(e,i.code,i.message??r,a)),this.status=e,this.code=i.code,this.param=i.param,this.requestId=a,this.headers=o,this.body=n,this.retryAfterMs=o?$t(o):null}static describe(e,n,r,o){let s=[e,n].filter(a=>a!=null).join(" "),i=r??(e?"request failed":"no response");return`${s?`${s}: `:""}${i}${o?` (request_id ${o})`:""}`}static generate(e,n,r,o){let s=i=>new i(e,n,void 0,r,o);return e===400?s(Te):e===401?s(Ce):e===403?s(Ae):e===404?s(Me):e===409?s(Le):e===422?s(Ie):e===429?s(qe):e>=500?s(Oe):s(t)}},Te=class extends R{name="BadRequestError"},Ce=class extends R{name="AuthenticationError"},Ae=class extends R{name="PermissionDeniedError"},Me=class extends R{name="NotFoundError"},Le=class extends R{name="ConflictError"},Ie=class extends R{name="UnprocessableEntityError"},qe=class extends R{name="RateLimitError";retryAfter;constructor(e,n,r,o,s){super(e,n,r,o,s),this.retryAfter=this.retryAfterMs===null?null:Math.ceil(this.retryAfterMs/1e3)}},Oe=class extends R{name="InternalServerError"},j=class extends R{name="APIConnectionError";constructor(e="Connection error.",n){super(void 0,void 0,e,void 0),n?.cause!==void 0&&(this.cause=n.cause)}},oe=class extends j{name="APIConnectionTimeoutError";constructor(e,n="Request timed out"){super(`${n} after ${e} ms.`)}},q=class extends R{name="APIUserAbortError";constructor(){super(void 0,void 0,"Request was aborted.",void 0)}};function Fr(t){let e=t&&typeof t=="object"?t:{},n=Array.isArray(e.errors)?e.errors[0]:void 0,o=(e.error&&typeof e.error=="object"?e.error:n&&typeof n=="object"?n:void 0)??e,s=a=>typeof a=="string"&&a?a:null,i=s(o.type)==="about:blank"?null:s(o.type);return{code:s(o.code)??i??s(e.error),message:s(o.message)??s(o.detail)??s(o.error_description)??s(o.title)??s(e.message)??void 0,param:s(o.param),requestId:s(o.request_id)??s(e.request_id)}}function $t(t,e=Date.now()){let n=t.get("retry-after-ms")?.trim();return n&&/^\d+(\.\d+)?$/.test(n)?Number(n):Vr(t.get("retry-after"),e)}function Vr(t,e=Date.now()){if(t==null||t.trim()==="")return null;if(/^\d+$/.test(t.trim()))return Number(t.trim())*1e3;let n=Date.parse(t);return Number.isNaN(n)?null:Math.max(0,n-e)}var Xr={path:"simple",query:"form",header:"simple",cookie:"form"};function je(t){let e=t.style??Xr[t.in];return{style:e,explode:t.explode??e==="form"}}function H(t){return t instanceof Date?t.toISOString():typeof t=="string"?t:typeof t=="number"||typeof t=="boolean"||typeof t=="bigint"?String(t):JSON.stringify(t)}function De(t,e){if(e==null)return;if(t.json)return{kind:"primitive",text:JSON.stringify(e)};let n=t.shape==="unknown"||t.shape===void 0?Array.isArray(e)?"array":gn(e)?"object":"primitive":t.shape;if(n==="array"){let r=(Array.isArray(e)?e:[e]).filter(o=>o!=null);return r.length===0?void 0:{kind:"array",items:r.map(H)}}if(n==="object"&&gn(e)){let r=Object.entries(e).filter(([,o])=>o!=null).map(([o,s])=>[o,H(s)]);return r.length===0?void 0:{kind:"object",entries:r}}return{kind:"primitive",text:H(e)}}function gn(t){if(!t||typeof t!="object"||Array.isArray(t)||t instanceof Date)return!1;let e=Object.getPrototypeOf(t);return e===Object.prototype||e===null}var bn=t=>`%${t.charCodeAt(0).toString(16).toUpperCase().padStart(2,"0")}`;function me(t,e=""){let n=encodeURIComponent(t).replace(/[!'()*]/g,bn);for(let r of e)/[A-Za-z0-9\-._~]/.test(r)&&(n=n.split(r).join(bn(r)));return n}function W(t,e=!1,n=""){let r=me(t).replace(/%20/g,"+");return e&&(r=r.replace(/%(3A|2F|3F|40|21|24|27|28|29|2A|2C|3B)/g,o=>n.includes(decodeURIComponent(o))?o:decodeURIComponent(o))),r}var xt=t=>t;function ie(t,e,n=W){let r=De(t,e);if(!r)return[];let{style:o,explode:s}=je(t),i=t.allowReserved===!0,a=(f,y="")=>n(f,!1,y),d=(f,y="")=>n(f,i,y),l=a(t.name,"[]");if(r.kind==="primitive")return[[l,d(r.text)]];if(o==="deepObject")return(r.kind==="object"?r.entries:r.items.map((y,P)=>[String(P),y])).map(([y,P])=>[`${l}[${a(y,"[]")}]`,d(P)]);if(s&&(o==="form"||o==="spaceDelimited"||o==="pipeDelimited"))return r.kind==="array"?r.items.map(f=>[l,d(f)]):r.entries.map(([f,y])=>[a(f),d(y)]);let[u,c]=o==="spaceDelimited"?[n===xt?" ":"%20"," "]:o==="pipeDelimited"?["|","|"]:[",",","],p=r.kind==="array"?r.items:r.entries.flat();return[[l,p.map(f=>d(f,c)).join(u)]]}function _n(t,e){return t.filter(n=>n.in==="query").flatMap(n=>ie(n,e[n.name])).map(([n,r])=>`${n}=${r}`).join("&")}function Gr(t,e,n=""){let r=De(t,e);if(!r)throw new g(`Missing path parameter "${t.name}".`);let{style:o,explode:s}=je(t),i=n.charAt(0)==="/"?"":n.charAt(0),a=o==="label"?`.${i}`:o==="matrix"?`;=,${i}`:`,${i}`,d=c=>me(c,a);if(r.kind==="primitive"&&r.text===""&&o==="simple")throw new g(`Missing path parameter "${t.name}".`);if(o==="matrix"){let c=d(t.name);return r.kind==="primitive"?`;${c}${r.text===""?"":`=${d(r.text)}`}`:r.kind==="array"?s?r.items.map(p=>`;${c}=${d(p)}`).join(""):`;${c}=${r.items.map(d).join(",")}`:s?r.entries.map(([p,f])=>`;${d(p)}=${d(f)}`).join(""):`;${c}=${r.entries.flat().map(d).join(",")}`}let l=o==="label"?".":"",u=o==="label"&&s?".":",";return r.kind==="primitive"?`${l}${d(r.text)}`:r.kind==="array"?`${l}${r.items.map(d).join(u)}`:`${l}${r.entries.map(([c,p])=>s?`${d(c)}=${d(p)}`:`${d(c)},${d(p)}`).join(u)}`}function kn(t,e,n){let r=t.replace(/[?#].*$/s,"").split(/(\{[^}]+\})/),o=0,i=r.map((a,d)=>{let l=/^\{([^}]+)\}$/.exec(a);if(!l)return a;let u=e.find(p=>p.in==="path"&&p.name===l[1])??{name:l[1],in:"path"},c=n[o++];if(c==null||c==="")throw new g(`Missing path parameter "${l[1]}" for ${t}.`);return Gr(u,c,r[d+1]??"")}).join("");if(i.split("/").some(a=>a==="."||a===".."))throw new g(`A path parameter of ${t} makes a "." or ".." segment, which URLs resolve away.`);return i}function wn(t,e){let n=De(t,e);if(!n)return;let{explode:r}=je(t),o=n.kind==="primitive"?n.text:n.kind==="array"?n.items.join(","):n.entries.map(([s,i])=>r?`${s}=${i}`:`${s},${i}`).join(",");if(/[^\t\x20-\x7E]/.test(o))throw new g(`Header parameter "${t.name}" must be printable ASCII; got ${JSON.stringify(o.slice(0,40))}.`);return o}function vn(t,e){let n=De(t,e);if(!n)return[];let{explode:r}=je(t),o=i=>me(i,","),s=me(t.name);return n.kind==="primitive"?[`${s}=${o(n.text)}`]:n.kind==="array"?r?n.items.map(i=>`${s}=${o(i)}`):[`${s}=${n.items.map(o).join(",")}`]:r?n.entries.map(([i,a])=>`${me(i)}=${o(a)}`):[`${s}=${n.entries.flat().map(o).join(",")}`]}var $n=Symbol.for("openapi-client.part-headers");function F(t){return t&&typeof t=="object"&&$n in t?{value:t.value,headers:t[$n]}:{value:t,headers:{}}}function J(t){return typeof Blob<"u"&&t instanceof Blob}function Ue(t){return typeof ReadableStream<"u"&&t instanceof ReadableStream}function Rt(t){let e=F(t).value;return J(e)||e instanceof ArrayBuffer||ArrayBuffer.isView(e)||Ue(e)}function xn(t){let e=t?.name;return J(t)&&typeof e=="string"&&e!==""?e:void 0}async function Jr(t){let e=[],n=t.getReader();for(;;){let{done:r,value:o}=await n.read();if(r)return e;e.push(o)}}async function Rn(t,e){return J(t)?t.type||!e?t:t.slice(0,t.size,e):Ue(t)?new Blob(await Jr(t),{type:e}):ArrayBuffer.isView(t)?new Blob([new Uint8Array(t.buffer,t.byteOffset,t.byteLength)],{type:e}):t instanceof ArrayBuffer?new Blob([t],{type:e}):new Blob([String(t)],{type:e})}function Cn(t,e){return(t??"").split(",").map(r=>r.trim()).find(r=>r!==""&&!r.includes("*"))??e}function Pn(t){return`"${t.replace(/\r/g,"%0D").replace(/\n/g,"%0A").replace(/"/g,"%22")}"`}function zr(t,e){if(/[\r\n]/.test(t)||/[\r\n]/.test(e))throw new g(`Multipart part header ${JSON.stringify(t)} must not contain line breaks.`)}async function Yr(t,e,n){let{value:r,headers:o}=F(e),i=(J(r)?r.type:"")||Cn(n?.contentType,"application/octet-stream");return{name:t,filename:xn(r)??t,contentType:i,headers:o,content:await Rn(r,i)}}function Sn(t,e,n){let{value:r,headers:o}=F(e);return{name:t,...n?{contentType:n}:{},headers:o,content:H(r)}}function En(t,e,n){let{value:r,headers:o}=F(e);return{name:t,contentType:Cn(n?.contentType,"application/json"),headers:o,content:JSON.stringify(r)}}async function Qr(t,e,n){if(e==null)return[];if(n?.styled){let i={name:t,in:"query",style:n.style??"form",explode:n.explode??(n.style??"form")==="form",shape:n.shape==="file"||n.shape==="files"?"primitive":n.shape};return ie(i,F(e).value,xt).map(([a,d])=>Sn(a,d,void 0))}let r=n?.shape??(Rt(e)?"file":Array.isArray(e)?"array":typeof e=="object"&&!(e instanceof Date)?"object":"primitive"),o=n?.contentType&&!/^text\/plain\b/i.test(n.contentType)?n.contentType:void 0,s=async i=>{let a=F(i).value;return r==="file"||r==="files"||Rt(i)?Yr(t,i,n):a!==null&&typeof a=="object"&&!(a instanceof Date)||o&&/json/i.test(o)?En(t,i,n):Sn(t,i,o)};return Array.isArray(e)&&(r==="files"||r==="array")?Promise.all(e.filter(i=>i!=null).map(s)):[await s(e)]}function Tn(){let t=new Uint8Array(16);return globalThis.crypto.getRandomValues(t),`----openapi-client-${Array.from(t,e=>e.toString(16).padStart(2,"0")).join("")}`}async function An(t,e=[]){let n=new Map(e.map(a=>[a.name,a])),r=[...e.map(a=>a.name).filter(a=>a in t),...Object.keys(t).filter(a=>!n.has(a))],o=(await Promise.all(r.map(a=>Qr(a,t[a],n.get(a))))).flat(),s=Tn();for(;o.some(a=>typeof a.content=="string"&&a.content.includes(s));)s=Tn();let i=[];for(let a of o){let d=[`--${s}`,`Content-Disposition: form-data; name=${Pn(a.name)}${a.filename!==void 0?`; filename=${Pn(a.filename)}`:""}`];a.contentType&&d.push(`Content-Type: ${a.contentType}`);for(let[l,u]of Object.entries(a.headers))zr(l,u),d.push(`${l}: ${u}`);i.push(`${d.join(`\r
`)}\r
\r
`,a.content,`\r
`)}return i.push(`--${s}--\r
`),{body:new Blob(i),contentType:`multipart/form-data; boundary=${s}`}}function Ln(t,e){if(e==null)return t[0];let n=t.find(r=>r.mediaType.toLowerCase()===String(e).toLowerCase());if(!n)throw new g(`This operation does not take ${String(e)}; it takes ${t.map(r=>r.mediaType).join(", ")}.`);return n}function Zr(t,e=[]){let n=new Map(e.map(o=>[o.name,o]));return[...e.map(o=>o.name).filter(o=>o in t),...Object.keys(t).filter(o=>!n.has(o))].flatMap(o=>{let s=n.get(o),i=t[o];if(s?.styled){let l=s.style??"form",u={name:o,in:"query",style:l,explode:s.explode??l==="form",shape:s.shape==="file"||s.shape==="files"?"primitive":s.shape,...s.allowReserved?{allowReserved:!0}:{}};return ie(u,i)}let a=l=>l!==null&&typeof l=="object"&&!(l instanceof Date)?JSON.stringify(l):H(l);return(Array.isArray(i)?i:[i]).filter(l=>l!=null).flatMap(l=>ie({name:o,in:"query"},a(l)))}).map(([o,s])=>`${o}=${s}`).join("&")}function Mn(t,e){return t.includes("*")?J(e)&&e.type||"application/octet-stream":t}async function In(t,e){let n=F(e).value;switch(t.kind){case"multipart":{if(!n||typeof n!="object"||Array.isArray(n))throw new g("A multipart/form-data body is an object whose properties are its parts.");let{body:r,contentType:o}=await An(n,t.parts);return{body:r,contentType:o,replayable:!0}}case"form":if(!n||typeof n!="object"||Array.isArray(n))throw new g("A form-urlencoded body is an object whose properties are its fields.");return{body:Zr(n,t.parts),contentType:t.mediaType,replayable:!0};case"text":return{body:H(n),contentType:t.mediaType,replayable:!0};case"binary":case"event-stream":case"ndjson":{if(Ue(n))return{body:n,contentType:Mn(t.mediaType,n),replayable:!1};if(J(n)||n instanceof ArrayBuffer||ArrayBuffer.isView(n)||typeof n=="string")return{body:n,contentType:Mn(t.mediaType,n),replayable:!0};throw new g(`A ${t.mediaType} body is a Blob, bytes (Uint8Array, ArrayBuffer), a ReadableStream or a string.`)}default:return{body:JSON.stringify(n),contentType:t.mediaType,replayable:!0}}}function St(t,e){return e.find(n=>t.startsWith(n.prefix))}function He(){let t=globalThis;return typeof t.window<"u"&&typeof t.document<"u"}var Pt=class extends g{name="SecretKeyInBrowserError";constructor(e){super(`Refusing to use a secret key (${e}\u2026) in a browser: anyone who opens the page could copy it. Use a publishable (pk_) key in client-side code and keep secret keys on your server.`)}};function qn(t,e,n=He()){let r=St(t,e);if((r?r.type==="secret":/(^|_)sk_/.test(t))&&n)throw new Pt(r?.prefix??t.slice(0,t.indexOf("sk_")+3))}var We={debug:10,info:20,warn:30,error:40,off:50},Et=Object.keys(We),On="warn";function Tt(t,e){if(t===void 0||t.trim()==="")return;let n=t.trim().toLowerCase();if(n in We)return n;throw new g(`${e} is ${JSON.stringify(t.slice(0,40))}; expected one of ${Et.join(", ")}.`)}var es=new Set(["authorization","proxy-authorization","cookie","set-cookie","x-api-key","api-key"]),jn="[redacted]";function Dn(t,e=[]){let n=new Set(e.map(r=>r.toLowerCase()));return Object.fromEntries(Object.entries(t).map(([r,o])=>[r,es.has(r.toLowerCase())||n.has(r.toLowerCase())?jn:o]))}function Un(t,e){if(e.length===0||!t.includes("?"))return t;let[n,r]=t.split("?",2),o=new Set(e.map(s=>encodeURIComponent(s)));return`${n}?${r.split("&").map(s=>o.has(s.split("=",1)[0])?`${s.split("=",1)[0]}=${jn}`:s).join("&")}`}var Ke=class{constructor(e,n){this.level=e;this.logger=n}level;logger;enabled(e){return We[e]>=We[this.level]}log(e,n,r){if(this.enabled(e))try{r===void 0?this.logger[e](n):this.logger[e](n,r)}catch(o){throw new g(`The logger's ${e}() threw: ${o?.message??String(o)}`,{cause:o})}}};var Be=class{async*iterPages(){let e=this;for(yield e;e.hasNextPage();)e=await e.getNextPage(),yield e}async*[Symbol.asyncIterator](){for await(let e of this.iterPages())yield*e.data}},Ne=class extends Be{constructor(n,r,o,s){super();this.spec=n;this.params=r;this.fetchPage=o;this.body=s&&typeof s=="object"?s:{};let i=this.body[n.dataField];this.data=Array.isArray(i)?i:[],this.hasMore=this.body[n.hasMoreField]===!0,this.nextCursor=Hn(this.body[n.nextCursorField]),this.previousCursor=n.previousCursorField?Hn(this.body[n.previousCursorField]):null,this.direction=n.backwardParam&&r[n.backwardParam]!==void 0?"backward":"forward"}spec;params;fetchPage;data;hasMore;nextCursor;previousCursor;direction;body;hasNextPage(){return this.direction==="forward"?this.hasMore&&this.nextCursor!==null&&this.nextCursor!==this.params[this.spec.forwardParam]:this.hasPreviousPage()}hasPreviousPage(){return!this.spec.backwardParam||this.previousCursor===null||this.direction==="backward"&&this.previousCursor===this.params[this.spec.backwardParam]?!1:this.direction==="backward"?this.hasMore:!0}async getNextPage(){if(this.direction==="backward")return this.getPreviousPage();if(!this.nextCursor)throw new g("No next page: this is the last one (has_more is false).");return(await this.fetchPage(this.neighbourParams(this.spec.forwardParam,this.nextCursor))).data}async getPreviousPage(){if(!this.spec.backwardParam)throw new g("This list cannot be paged backward.");if(!this.previousCursor)throw new g("No previous page: this is the first one.");return(await this.fetchPage(this.neighbourParams(this.spec.backwardParam,this.previousCursor))).data}neighbourParams(n,r){let o={...this.params,[n]:r};for(let s of[this.spec.forwardParam,this.spec.backwardParam])s&&s!==n&&delete o[s];return o}},fe=class extends se{async*[Symbol.asyncIterator](){yield*await this}};function Hn(t){return typeof t=="string"&&t!==""?t:null}var Fe=class extends Be{constructor(n,r,o,s,i,a,d){super();this.fetchPage=o;this.url=a;this.body=s;let l=Ct(s,n.items),u=Array.isArray(l)?l:[];this.itemsKey=JSON.stringify(u);let c=n.style==="link"||n.linkHeader!==void 0,p=ts(n,r,s,u.length,i),f=this.nextUrl(p),y=c?`${this.itemsKey}
${f??""}`:void 0,P=u.length>0&&d!==void 0&&(this.itemsKey===d.itemsKey||y!==void 0&&y===d.firstPageKey);this.data=P?[]:u,this.firstPageKey=d?d.firstPageKey:y,this.asked=c?{url:Wn(a),before:d?.asked}:void 0;let $=!1;for(let b=this.asked;f&&b&&!$;b=b.before)$=b.url===f;this.next=P||$?null:p}fetchPage;url;data;body;itemsKey;firstPageKey;asked;next;nextPageRequest(){return this.next&&structuredClone(this.next)}nextUrl(n){if(!(!n||!("url"in n)))try{return Wn(new URL(n.url,this.url).href)}catch{return}}hasNextPage(){return this.next!==null}async getNextPage(){let n=this.next;if(!n)throw new g("No next page: this is the last one.");return(await this.fetchPage(n,{itemsKey:this.itemsKey,firstPageKey:this.firstPageKey,asked:this.asked})).data}};function Wn(t){let e=t.indexOf("#");return e<0?t:t.slice(0,e)}function ts(t,e,n,r,o){if(r===0)return null;let s=()=>{let a=t.nextField?Ct(n,t.nextField):t.linkHeader?ns(o.get(t.linkHeader)??"").find(d=>d.rel.includes("next"))?.uri:void 0;return typeof a=="string"&&a!==""?{url:a}:null};if(t.style==="link"||t.linkHeader)return s();let i=(a,d)=>{let l=a===void 0?void 0:Number(e[a]??d);return l!==void 0&&Number.isFinite(l)?l:void 0};if(t.style==="offset"){let a=(i(t.offsetParam,0)??0)+r,d=t.totalField?Ct(n,t.totalField):void 0;return typeof d=="number"&&a>=d?null:{params:{...e,[t.offsetParam]:a}}}return{params:{...e,[t.pageParam]:(i(t.pageParam,t.firstPage??1)??1)+1}}}function Ct(t,e){let n=t;for(let r of e)n=n&&typeof n=="object"&&!Array.isArray(n)?n[r]:void 0;return n}function ns(t){let e=[],n=0,r=s=>{for(;n<t.length&&s.test(t[n]);)n+=1},o=()=>{let s=!1;for(;n<t.length;n+=1){let i=t[n];if(s&&i==="\\")n+=1;else if(i==='"')s=!s;else if(i===","&&!s)return}};for(;n<t.length&&(r(/[\s,]/),!(n>=t.length));){if(t[n]!=="<"){o();continue}let s=t.indexOf(">",n);if(s<0)break;let i={uri:t.slice(n+1,s).trim(),rel:[],params:{}};for(n=s+1;r(/[ \t]/),t[n]===";";){n+=1,r(/[ \t]/);let a=/^[!#$%&'*+.^_`|~0-9A-Za-z-]+/.exec(t.slice(n))?.[0];if(!a)break;n+=a.length,r(/[ \t]/);let d="";if(t[n]==="=")if(n+=1,r(/[ \t]/),t[n]==='"'){for(n+=1;n<t.length&&t[n]!=='"';n+=1)d+=t[n]==="\\"?t[++n]??"":t[n];n+=1}else d=/^[^,;\s]*/.exec(t.slice(n))[0],n+=d.length;let l=a.toLowerCase();Object.hasOwn(i.params,l)||(i.params[l]=d)}i.rel=(i.params.rel??"").toLowerCase().split(/\s+/).filter(Boolean),e.push(i),o()}return e}var Ve=class{#t="";#n=[];#r;#s;#o;#e=!0;#i=!1;lastEventId;retry;push(e){this.#e&&(e=e.replace(/^\uFEFF/,""),this.#e=e===""&&this.#e),this.#i&&e.startsWith(`
`)&&(e=e.slice(1)),this.#i=!1;let n=[],r=this.#t+e;for(;;){let o=/\r\n|\r|\n/.exec(r);if(!o)break;o[0]==="\r"&&o.index===r.length-1&&(this.#i=!0);let s=r.slice(0,o.index);r=r.slice(o.index+o[0].length);let i=this.#d(s);i&&n.push(i)}return this.#t=r,n}end(){this.#t="",this.#a()}#d(e){if(e==="")return this.#l();if(e.startsWith(":"))return;let n=e.indexOf(":"),r=n===-1?e:e.slice(0,n),o=n===-1?"":e.slice(n+1);switch(o.startsWith(" ")&&(o=o.slice(1)),r){case"event":this.#r=o;break;case"data":this.#n.push(o);break;case"id":o.includes("\0")||(this.#s=o,this.lastEventId=o);break;case"retry":/^\d+$/.test(o)&&(this.#o=Number(o),this.retry=this.#o);break;default:break}}#l(){let e=this.#n.length>0?{...this.#r?{event:this.#r}:{},data:this.#n.join(`
`),...this.#s!==void 0?{id:this.#s}:{},...this.#o!==void 0?{retry:this.#o}:{}}:void 0;return this.#a(),e}#a(){this.#n=[],this.#r=void 0,this.#s=void 0,this.#o=void 0}};async function*Kn(t,e){if(!t.body)return;let n=t.body.getReader(),r=new TextDecoder("utf-8"),o=()=>{n.cancel().catch(()=>{})};e.addEventListener("abort",o,{once:!0});try{for(;;){let i;try{i=await n.read()}catch(a){throw e.aborted?new q:a instanceof R?a:new j(`The stream broke off: ${a?.message??String(a)}`,{cause:a})}if(e.aborted)throw new q;if(i.done)break;yield r.decode(i.value,{stream:!0})}let s=r.decode();s&&(yield s)}finally{e.removeEventListener("abort",o),n.releaseLock()}}var he=class t{constructor(e,n,r){this.iterate=e;this.response=r;this.controller=n}iterate;response;controller;#t=!1;abort(){this.controller.abort()}async*[Symbol.asyncIterator](){if(this.#t)throw new Error("A stream can be iterated once.");this.#t=!0;let e=!1;try{yield*this.iterate(this.controller.signal),e=!0}finally{e||this.controller.abort()}}async toArray(){let e=[];for await(let n of this)e.push(n);return e}static fromSSE(e,n,r,o={}){async function*s(a){let d=new Ve,l=e,u=0;for(;;)try{for await(let c of Kn(l,a))for(let p of d.push(c))u=0,yield{...p,data:i(p.data)};d.end();return}catch(c){if(!(o.reconnect&&c instanceof j&&d.lastEventId!==void 0&&u<(o.maxReconnects??3)))throw c;u+=1,d.end(),await rs(d.retry??1e3,a),l=await o.reconnect(d.lastEventId)}}let i=a=>{try{return r(a)}catch{throw new R(e.status,a.slice(0,200),"An event's data was not the JSON the spec declares.",e.headers)}};return new t(s,n,e)}static fromNDJSON(e,n){async function*r(o){let s="",i=a=>{try{return JSON.parse(a)}catch{throw new R(e.status,a.slice(0,200),"A line of the stream was not JSON.",e.headers)}};for await(let a of Kn(e,o)){s+=a;let d=s.split(`
`);s=d.pop()??"";for(let l of d)l.trim()!==""&&(yield i(l.replace(/\r$/,"")))}s.trim()!==""&&(yield i(s))}return new t(r,n,e)}};function rs(t,e){return new Promise((n,r)=>{if(e.aborted)return r(new q);let o=setTimeout(()=>{e.removeEventListener("abort",s),n()},t),s=()=>{clearTimeout(o),r(new q)};e.addEventListener("abort",s,{once:!0})})}var Xe=t=>t.split(";")[0].trim().toLowerCase();function ss(t,e){let[n,r]=Xe(t).split("/"),[o,s]=Xe(e).split("/");return(n==="*"||n===o)&&(r==="*"||r===s)}function Bn(t,e){if(!t||t.length===0)return;if(e===void 0)return t[0];let n=t.find(r=>Xe(r.mediaType)===Xe(e));if(!n)throw new g(`This operation answers ${t.map(r=>r.mediaType).join(", ")}; it cannot answer ${e}.`);return n}async function Ge(t){if(t.status===204||t.status===205)return;let e=await t.text();if(e==="")return;let n=t.headers.get("content-type")??"";if(/json/i.test(n))try{return JSON.parse(e)}catch{throw new R(t.status,e,`Response claimed ${n} but was not JSON.`,t.headers)}return e}function Nn(t,e,n,r){if(!e||e.length===0||r==="HEAD"||t.status===204||t.status===205)return;let o=t.headers.get("content-type");return(o?e.find(s=>ss(s.mediaType,o)):void 0)??n??e[0]}function Fn(t){return t!==void 0&&!["json","text","form"].includes(t.kind)}async function Vn(t,e,n){if(e===void 0)return t.status===204||t.status===205?void 0:Ge(t);switch(e.kind){case"json":return Ge(t);case"text":case"form":return t.text();case"event-stream":return he.fromSSE(t,n.controller,e.dataIsJson?r=>JSON.parse(r):r=>r,{reconnect:n.reconnect,maxReconnects:n.maxReconnects});case"ndjson":return he.fromNDJSON(t,n.controller);default:return t}}function Xn(t,e,n,r,o){let s=n.get("x-should-retry")?.trim().toLowerCase();if(s==="false")return{retry:!1,reason:"the server said x-should-retry: false"};if(s!=="true"&&!os(t,e))return{retry:!1,reason:`status ${e} is not retried`};if(o.retriesLeft<=0)return{retry:!1,reason:"no retries left"};let i=t.respectRetryAfter?r:null;return i!==null&&i>o.maxWaitMs?{retry:!1,beyondCap:!0,reason:`the server asked to wait ${i} ms, more than maxRetryWait (${o.maxWaitMs} ms)`}:i!==null?{retry:!0,waitMs:i,reason:s==="true"?"x-should-retry: true; waiting as the server asked":"waiting as the server asked"}:{retry:!0,waitMs:At(t,o.retry,o.random),reason:s==="true"?"x-should-retry: true; backoff":"backoff"}}function os(t,e){return t.retryableStatuses.includes(e)}function At(t,e,n=Math.random){let r=Math.min(t.maxDelayMs,t.initialDelayMs*t.backoffMultiplier**e);return t.jitter==="full"?Math.round(n()*r):t.jitter==="equal"?Math.round(r/2+n()*r/2):r}var Je=class{constructor(e,n){this.timeoutMs=e;this.#r=n,n?.aborted?this.controller.abort():n?.addEventListener("abort",this.#s,{once:!0}),this.#n=setTimeout(()=>{this.#t=!0,this.controller.abort()},e)}timeoutMs;controller=new AbortController;startedAt=Date.now();#t=!1;#n;#r;#s=()=>this.controller.abort();get elapsedMs(){return Date.now()-this.startedAt}stopTimer(){clearTimeout(this.#n)}finish(){clearTimeout(this.#n),this.#r?.removeEventListener("abort",this.#s)}failure(e){return this.#r?.aborted?new q:this.#t?new oe(this.timeoutMs):e instanceof g?e:new j(`Connection error: ${e?.message??String(e)}`,{cause:e})}};function Gn(t,e,n){if(!t.body||[204,205,304].includes(t.status))return t;let r=t.body.getReader(),o=n.controller.signal,s=new ReadableStream({async pull(a){let d,l=new Promise((u,c)=>{d=setTimeout(()=>c(new oe(e,"No data arrived on the stream")),e)});try{let u=await Promise.race([r.read(),l]);u.done?(n.finish(),a.close()):a.enqueue(u.value)}catch(u){n.finish(),r.cancel().catch(()=>{}),a.error(o.aborted?new q:u)}finally{clearTimeout(d)}},cancel(a){return n.finish(),r.cancel(a)}}),i=new Response(s,{status:t.status,statusText:t.statusText,headers:t.headers});return Object.defineProperty(i,"url",{value:t.url}),i}var Jn=6e4;function as(t,e){if(/^[a-z][a-z0-9+.-]*:/i.test(t))return t;try{return new URL(t,e.endsWith("/")?e:`${e}/`).href.replace(/\/+$/,"")}catch{return t}}var zn=new Set,ds=/auth|key|secret|token|cookie|session|password|signature/i,ye=class{apiKey;baseURL;maxRetries;timeout;idleTimeout;maxRetryWait;logLevel;_logger;environment;csrfToken;#t;#n;#r;#s;#o;#e;#i=Math.random;constructor(e,n={}){this.#e=e,this.#s=n;let r=hs();this.logLevel=Tt(n.logLevel,"The logLevel option")??Tt(r[e.logEnv],`The ${e.logEnv} environment variable`)??On;let o=n.logger??console,s=Et.filter(d=>d!=="off"&&typeof o[d]!="function");if(s.length>0)throw new g(`The logger has no ${s.join(", ")} method: pass an object with debug, info, warn and error.`);if(this._logger=new Ke(this.logLevel,o),this.apiKey=n.apiKey??r[e.apiKeyEnv]??void 0,this.apiKey!==void 0&&qn(this.apiKey,e.keyPrefixes),e.auth.keyRequired&&!this.apiKey)throw new g(`No API key: pass { apiKey } or set the ${e.apiKeyEnv} environment variable.`);this.baseURL=(n.baseURL??r[e.baseUrlEnv]??e.defaultBaseURL).replace(/\/+$/,""),this.maxRetries=n.maxRetries??e.retryPolicy.maxRetries,this.timeout=n.timeout??e.defaultTimeoutMs??Jn,this.idleTimeout=n.idleTimeout??Jn,this.maxRetryWait=n.maxRetryWait??6e4;let i=typeof fetch=="function"?fetch:void 0,a=n.fetch??i;if(!a)throw new g("No fetch implementation: pass { fetch } on this runtime.");this.#r=a,this.#n=(d,l)=>a(d,l),this.#o=n.defaultHeaders??{},this.environment=this.apiKey?St(this.apiKey,e.keyPrefixes)?.environment??null:null,this.csrfToken=n.csrfToken,this.#t=n.credentials??(e.auth.cookieSession?"same-origin":void 0)}withOptions(e){let n=this.constructor,r=new n({...this.#s,apiKey:this.apiKey,baseURL:this.baseURL,csrfToken:this.csrfToken,fetch:this.#r,logger:this._logger.logger,...e,defaultHeaders:{...this.#o,...e.defaultHeaders}});return r.#i=this.#i,r}_setRandom(e){return this.#i=e,this}request(e,n,r,o={}){return new se(this.#a(e,n,Mt(r),o))}requestPage(e,n,r,o={}){let s=e.pagination;if(!s)throw new g(`${e.method.toUpperCase()} ${e.path} is not a paged list.`);if(!("style"in s)){let d=async l=>{let u=await this.#a(e,n,l,o);return{...u,data:new Ne(s,l,d,u.data)}};return new fe(d({...Mt(r)}))}let i=(d,l)=>async(u,c)=>{let p="params"in u?u.params:l,f="url"in u?this.#d(u.url,d):this.#u(e,n,p,o.query,o.baseURL,!1),y=await this.#a(e,n,p,o,void 0,this.#l(e,f));return{...y,data:new Fe(s,p,i(f,p),y.data,y.headers,f,c)}},a={...Mt(r)};return new fe(i(this.baseURL,a)({params:a}))}#d(e,n){let r=new URL(e,n);if(r.origin!==new URL(n).origin)throw new g(`The next page's URL is on ${r.origin}, not ${new URL(n).origin}: not sent with this client's credentials.`);return r.hash="",r.href}#l(e,n){let r=e.auth;if(r?.kind!=="query"||!this.apiKey)return n;let{search:o,searchParams:s}=new URL(n);return s.has(r.name)?n:`${n}${o?"&":"?"}${W(r.name)}=${W(this.apiKey)}`}async#a(e,n,r,o,s,i){this.#f(e,r);let a=i??this.#u(e,n,r,o.query,o.baseURL),d=Bn(e.responses,o.accept),l=this.#h(e,r,o,d?.mediaType??"application/json");s!==void 0&&e.resumeHeader&&(l[e.resumeHeader.toLowerCase()]=s);let u=await this.#y(e,r,o.body);u?.contentType&&(l["content-type"]=u.contentType);let c=u&&!u.replayable?0:o.maxRetries??this.maxRetries,p=o.timeout??this.timeout,f=o.maxRetryWait??this.maxRetryWait,y=this.#e.retryPolicy,P=e.method.toUpperCase(),$={method:P,headers:l,body:u?.body,...u&&!u.replayable?{duplex:"half"}:{},...this.#t?{credentials:this.#t}:{}},b=(h,T)=>this.#m(P,a,l,e.auth,h,c,T);for(let h=0;;h+=1){let T=c-h,M=new Je(p,o.signal),S;try{if(S=await this.#n(a,{...$,signal:M.controller.signal}),!cs(S))throw new j(`The fetch implementation returned ${S===null?"null":typeof S} instead of a Response.`,{cause:S});if(S.ok||e.redirects?.includes(S.status)){let U=await this.#p(e,S,d,M,n,r,o);return b(h,{status:S.status,requestId:U.requestId,elapsedMs:M.elapsedMs,retry:!1}),U}}catch(U){M.finish();let G=M.failure(U),I=G instanceof j&&T>0&&y.retryOnConnectionError,B=I?At(y,h,this.#i):void 0;if(b(h,{status:null,error:G.message,elapsedMs:M.elapsedMs,retry:I,waitMs:B,reason:I?"backoff":G instanceof q?"aborted":T>0?"not a connection error":"no retries left"}),!I)throw G;await Yn(B,o.signal);continue}let D=Xn(y,S.status,S.headers,$t(S.headers),{retry:h,retriesLeft:T,maxWaitMs:f,random:this.#i});if(b(h,{status:S.status,requestId:this.#c(S),elapsedMs:M.elapsedMs,...D}),D.retry){await S.body?.cancel().catch(()=>{}),M.finish(),await Yn(D.waitMs,o.signal);continue}let be=await Ge(S).catch(()=>{});M.finish();let Q=R.generate(S.status,be,S.headers,this.#e.requestIdHeader);throw D.beyondCap&&(Q.message+=` Not retried: ${D.reason}.`),Q}}async#p(e,n,r,o,s,i,a){let d=Nn(n,e.responses,r,e.method.toUpperCase()),l=Fn(d);l&&o.stopTimer();let u=l?Gn(n,a.idleTimeout??this.idleTimeout,o):n,c=l?us(a.signal):o.controller;l&&c.signal.addEventListener("abort",()=>o.controller.abort(),{once:!0});let p=e.resumeHeader?async y=>(await this.#a(e,s,i,{...a,signal:c.signal,accept:r?.mediaType},y)).response:void 0,f=await Vn(u,d,{controller:c,reconnect:p,maxReconnects:a.maxRetries??this.maxRetries});return l||o.finish(),{...this.#g(u),data:f}}#m(e,n,r,o,s,i,a){if(!this._logger.enabled("debug"))return;let d=Un(n,o?.kind==="query"?[o.name]:[]),l=a.status===null?`failed (${a.error})`:String(a.status),u=a.retry?`; retrying in ${a.waitMs} ms (${a.reason})`:a.reason?`; not retried (${a.reason})`:"",c=Object.keys(r).filter(f=>/idempotency/i.test(f)),p=Object.keys(r).filter(f=>ds.test(f)&&!c.includes(f));(o?.kind==="header"||o?.kind==="cookie")&&p.push(o.name),o?.kind==="cookie"&&o.csrfHeader&&p.push(o.csrfHeader),this._logger.log("debug",`${e} ${d} \u2192 ${l} in ${a.elapsedMs} ms${a.requestId?` (${a.requestId})`:""}, attempt ${s+1} of ${i+1}${u}`,{method:e,url:d,attempt:s+1,status:a.status,requestId:a.requestId??null,elapsedMs:a.elapsedMs,retry:a.retry,...a.retry?{waitMs:a.waitMs}:{},...a.reason?{reason:a.reason}:{},requestHeaders:Dn(r,p)})}#f(e,n){let r=`${e.method.toUpperCase()} ${e.path}`,o=e.deprecated?[`${r} is deprecated`]:[];for(let s of e.params)s.deprecated&&(s.in==="path"||n[s.name]!==void 0)&&o.push(`The ${s.in} parameter ${s.name} of ${r} is deprecated`);for(let s of o)zn.has(s)||!this._logger.enabled("warn")||(zn.add(s),this._logger.log("warn",`${s} in the API this client was generated from; it may be removed.`))}#c(e){return this.#e.requestIdHeader?e.headers.get(this.#e.requestIdHeader):null}#u(e,n,r,o,s,i=!0){let a=kn(e.path,e.params,n),d=[_n(e.params,r),ls(o)].filter(Boolean).join("&");e.match?.in==="query"&&(d=`${W(e.match.name)}=${W(e.match.value)}${d?`&${d}`:""}`);let l=e.auth;return i&&l?.kind==="query"&&this.apiKey&&(d=`${d?`${d}&`:""}${W(l.name)}=${W(this.apiKey)}`),`${s!==void 0?s.replace(/\/+$/,""):e.baseURL!==void 0?as(e.baseURL,this.baseURL):this.baseURL}${a}${d?`?${d}`:""}`}#h(e,n,r,o){let s={accept:o,"user-agent":this.#e.userAgent,...ms(this.#o)},i=[],a=e.auth;this.apiKey&&a?.kind==="bearer"&&(s.authorization=`Bearer ${this.apiKey}`),this.apiKey&&a?.kind==="basic"&&(s.authorization=`Basic ${ps(this.apiKey)}`),this.apiKey&&a?.kind==="header"&&(s[a.name.toLowerCase()]=this.apiKey),a?.kind==="cookie"&&(this.apiKey&&i.push(`${a.name}=${this.apiKey}`),a.csrfHeader&&this.csrfToken&&(s[a.csrfHeader.toLowerCase()]=this.csrfToken)),this.#e.specDigest&&(s[this.#e.specDigest.header.toLowerCase()]=this.#e.specDigest.value),e.match?.in==="header"&&(s[e.match.name.toLowerCase()]=e.match.value);for(let d of e.params)if(d.in==="header"){let l=wn(d,n[d.name]);l!==void 0&&(s[d.name.toLowerCase()]=l)}else d.in==="cookie"&&i.push(...vn(d,n[d.name]));if(e.idempotencyHeader)s[e.idempotencyHeader.toLowerCase()]=r.idempotencyKey??fs();else if(r.idempotencyKey!==void 0)throw new g(`${e.method.toUpperCase()} ${e.path} takes no idempotency key: the API declares no idempotency header for it.`);for(let[d,l]of Object.entries(r.headers??{}))l===null?delete s[d.toLowerCase()]:s[d.toLowerCase()]=l;if(i.length>0){if(He()&&!this.#e.auth.cookieSession)throw new g("Cookie parameters cannot be sent from a browser: the browser sends its own cookies.");He()||(s.cookie=[...i,...s.cookie?[s.cookie]:[]].join("; "))}return s}async#y(e,n,r){if(r&&["GET","HEAD"].includes(e.method.toUpperCase()))throw new g(`A ${e.method.toUpperCase()} request has no body: pass extra fields as \`query\`.`);if(!e.bodies||e.bodies.length===0)return r?{body:JSON.stringify(r),contentType:"application/json",replayable:!0}:void 0;let o=Ln(e.bodies,e.mediaTypeKey?n[e.mediaTypeKey]:void 0),s;if(o.mode==="property")s=n.body;else{let i=new Set([...e.params.filter(d=>d.in!=="path").map(d=>d.name),...e.mediaTypeKey?[e.mediaTypeKey]:[]]),a=Object.fromEntries(Object.entries(n).filter(([d])=>!i.has(d)));s=Object.keys(a).length>0||e.bodyRequired?a:void 0}if(r){let i=s??{};if(!["json","form","multipart"].includes(o.kind)||typeof i!="object"||i===null||Array.isArray(i))throw new g(`Extra body fields need an object body; this call sends ${o.mediaType}.`);s={...i,...r}}if(s!==void 0)return In(o,s)}#g(e){let n=o=>{let s=o?e.headers.get(o):null;return s!==null&&s!==""&&Number.isFinite(Number(s))?Number(s):null},r={limit:n(this.#e.rateLimitHeaders?.limit),remaining:n(this.#e.rateLimitHeaders?.remaining)};return{response:e,status:e.status,headers:e.headers,requestId:this.#c(e),rateLimit:r}}};function ls(t){return t?Object.entries(t).flatMap(([e,n])=>(Array.isArray(n)?n:[n]).filter(r=>r!=null).map(r=>`${W(e)}=${W(typeof r=="object"&&!(r instanceof Date)?JSON.stringify(r):H(r))}`)).join("&"):""}function cs(t){let e=t;return typeof e=="object"&&e!==null&&typeof e.status=="number"&&typeof e.ok=="boolean"&&typeof e.headers?.get=="function"}function us(t){let e=new AbortController;return t?.aborted?e.abort():t?.addEventListener("abort",()=>e.abort(),{once:!0}),e}function Mt(t){return t&&typeof t=="object"&&!Array.isArray(t)?t:{}}function ps(t){let e="";for(let n of new TextEncoder().encode(t))e+=String.fromCharCode(n);return btoa(e)}function ms(t){return Object.fromEntries(Object.entries(t).map(([e,n])=>[e.toLowerCase(),n]))}function fs(){let t=globalThis.crypto;return t?.randomUUID?t.randomUUID():`${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`}function Yn(t,e){return new Promise((n,r)=>{if(e?.aborted)return r(new q);let o=setTimeout(()=>{e?.removeEventListener("abort",s),n()},t),s=()=>{clearTimeout(o),r(new q)};e?.addEventListener("abort",s,{once:!0})})}function hs(){let t=globalThis;if(t.process?.env)return t.process.env;try{return t.Deno?.env?.toObject?.()??{}}catch{return{}}}var Qn={method:"post",path:"/signup",params:[],bodies:[{mediaType:"application/json",kind:"json",mode:"merged"}],bodyRequired:!0,responses:[{mediaType:"application/json",kind:"json"}]},Zn={method:"get",path:"/session",params:[],responses:[{mediaType:"application/json",kind:"json"}],auth:{kind:"cookie",name:"dashboard_session",csrfHeader:"X-CSRF-Token"}},er={method:"post",path:"/session",params:[],bodies:[{mediaType:"application/json",kind:"json",mode:"merged"}],bodyRequired:!0,responses:[{mediaType:"application/json",kind:"json"}]},tr={method:"delete",path:"/session",params:[],auth:{kind:"cookie",name:"dashboard_session",csrfHeader:"X-CSRF-Token"}},nr={method:"delete",path:"/sessions",params:[],auth:{kind:"cookie",name:"dashboard_session",csrfHeader:"X-CSRF-Token"}},rr={method:"post",path:"/email-verification",params:[],bodies:[{mediaType:"application/json",kind:"json",mode:"merged"}],bodyRequired:!0},sr={method:"post",path:"/password-resets",params:[],bodies:[{mediaType:"application/json",kind:"json",mode:"merged"}],bodyRequired:!0},or={method:"post",path:"/password-resets/confirm",params:[],bodies:[{mediaType:"application/json",kind:"json",mode:"merged"}],bodyRequired:!0},ir={method:"get",path:"/scopes",params:[],responses:[{mediaType:"application/json",kind:"json"}],auth:{kind:"cookie",name:"dashboard_session",csrfHeader:"X-CSRF-Token"}},ar={method:"get",path:"/keys",params:[{name:"environment",in:"query"}],responses:[{mediaType:"application/json",kind:"json"}],auth:{kind:"cookie",name:"dashboard_session",csrfHeader:"X-CSRF-Token"}},dr={method:"post",path:"/keys",params:[],bodies:[{mediaType:"application/json",kind:"json",mode:"merged"}],bodyRequired:!0,responses:[{mediaType:"application/json",kind:"json"}],auth:{kind:"cookie",name:"dashboard_session",csrfHeader:"X-CSRF-Token"}},lr={method:"post",path:"/keys/{key_id}/rotate",params:[{name:"key_id",in:"path"}],responses:[{mediaType:"application/json",kind:"json"}],auth:{kind:"cookie",name:"dashboard_session",csrfHeader:"X-CSRF-Token"}},cr={method:"post",path:"/keys/{key_id}/revoke",params:[{name:"key_id",in:"path"}],responses:[{mediaType:"application/json",kind:"json"}],auth:{kind:"cookie",name:"dashboard_session",csrfHeader:"X-CSRF-Token"}},ur={method:"get",path:"/billing",params:[],responses:[{mediaType:"application/json",kind:"json"}],auth:{kind:"cookie",name:"dashboard_session",csrfHeader:"X-CSRF-Token"}},pr={method:"put",path:"/billing/plan",params:[],bodies:[{mediaType:"application/json",kind:"json",mode:"merged"}],bodyRequired:!0,responses:[{mediaType:"application/json",kind:"json"}],auth:{kind:"cookie",name:"dashboard_session",csrfHeader:"X-CSRF-Token"}},mr={method:"get",path:"/webhook-endpoints",params:[{name:"environment",in:"query"}],responses:[{mediaType:"application/json",kind:"json"}],auth:{kind:"cookie",name:"dashboard_session",csrfHeader:"X-CSRF-Token"}},fr={method:"post",path:"/webhook-endpoints",params:[],bodies:[{mediaType:"application/json",kind:"json",mode:"merged"}],bodyRequired:!0,responses:[{mediaType:"application/json",kind:"json"}],auth:{kind:"cookie",name:"dashboard_session",csrfHeader:"X-CSRF-Token"}},hr={method:"delete",path:"/webhook-endpoints/{endpoint_id}",params:[{name:"endpoint_id",in:"path"}],auth:{kind:"cookie",name:"dashboard_session",csrfHeader:"X-CSRF-Token"}},yr={method:"post",path:"/webhook-endpoints/{endpoint_id}/rotate-secret",params:[{name:"endpoint_id",in:"path"}],responses:[{mediaType:"application/json",kind:"json"}],auth:{kind:"cookie",name:"dashboard_session",csrfHeader:"X-CSRF-Token"}},gr={method:"post",path:"/webhook-endpoints/{endpoint_id}/disable",params:[{name:"endpoint_id",in:"path"}],responses:[{mediaType:"application/json",kind:"json"}],auth:{kind:"cookie",name:"dashboard_session",csrfHeader:"X-CSRF-Token"}},br={method:"post",path:"/webhook-endpoints/{endpoint_id}/enable",params:[{name:"endpoint_id",in:"path"}],responses:[{mediaType:"application/json",kind:"json"}],auth:{kind:"cookie",name:"dashboard_session",csrfHeader:"X-CSRF-Token"}},_r={method:"get",path:"/webhook-endpoints/{endpoint_id}/deliveries",params:[{name:"endpoint_id",in:"path"}],responses:[{mediaType:"application/json",kind:"json"}],auth:{kind:"cookie",name:"dashboard_session",csrfHeader:"X-CSRF-Token"}},kr={method:"post",path:"/webhook-endpoints/{endpoint_id}/test-events",params:[{name:"endpoint_id",in:"path"}],bodies:[{mediaType:"application/json",kind:"json",mode:"merged"}],bodyRequired:!0,auth:{kind:"cookie",name:"dashboard_session",csrfHeader:"X-CSRF-Token"}},wr={method:"post",path:"/webhook-events/{event_id}/resend",params:[{name:"event_id",in:"path"}],auth:{kind:"cookie",name:"dashboard_session",csrfHeader:"X-CSRF-Token"}};var ze=class extends v{create(e,n){return this._client.request(Qn,[],e,n)}};var Ye=class extends v{retrieve(e){return this._client.request(Zn,[],void 0,e)}create(e,n){return this._client.request(er,[],e,n)}delete(e){return this._client.request(tr,[],void 0,e)}};var Qe=class extends v{delete(e){return this._client.request(nr,[],void 0,e)}};var Ze=class extends v{create(e,n){return this._client.request(rr,[],e,n)}};var et=class extends v{confirm=new Lt(this._client);create(e,n){return this._client.request(sr,[],e,n)}},Lt=class extends v{create(e,n){return this._client.request(or,[],e,n)}};var tt=class extends v{retrieve(e){return this._client.request(ir,[],void 0,e)}};var nt=class extends v{retrieve(e,n){return this._client.request(ar,[],e,n)}create(e,n){return this._client.request(dr,[],e,n)}rotate(e,n){return this._client.request(lr,[e],void 0,n)}revoke(e,n){return this._client.request(cr,[e],void 0,n)}};var rt=class extends v{plan=new It(this._client);retrieve(e){return this._client.request(ur,[],void 0,e)}},It=class extends v{update(e,n){return this._client.request(pr,[],e,n)}};var st=class extends v{deliveries=new qt(this._client);list(e,n){return this._client.request(mr,[],e,n)}create(e,n){return this._client.request(fr,[],e,n)}delete(e,n){return this._client.request(hr,[e],void 0,n)}rotateSecret(e,n){return this._client.request(yr,[e],void 0,n)}disable(e,n){return this._client.request(gr,[e],void 0,n)}enable(e,n){return this._client.request(br,[e],void 0,n)}testEvents(e,n,r){return this._client.request(kr,[e],n,r)}},qt=class extends v{retrieve(e,n){return this._client.request(_r,[e],void 0,n)}};var ot=class extends v{resend(e,n){return this._client.request(wr,[e],void 0,n)}};var ys={apiKeyEnv:"ASSESSMENT_SERVICE_DASHBOARD_API_KEY",baseUrlEnv:"ASSESSMENT_SERVICE_DASHBOARD_BASE_URL",logEnv:"ASSESSMENT_SERVICE_DASHBOARD_LOG",defaultBaseURL:"/dashboard/api",retryPolicy:{maxRetries:0,initialDelayMs:500,maxDelayMs:8e3,backoffMultiplier:2,jitter:"full",respectRetryAfter:!0,retryOnConnectionError:!1,retryableStatuses:[]},keyPrefixes:[],auth:{keyRequired:!1,cookieSession:!0},requestIdHeader:"X-Request-Id",rateLimitHeaders:{limit:"X-RateLimit-Limit",remaining:"X-RateLimit-Remaining"},specDigest:{header:"X-Spec-Digest",value:"sha256:1520ec9de2dd95a24691a986e0243a93cfb5fb89b31f577fa2d01734064a7834"},userAgent:"assessment-service-dashboard-client/1.0.0"},ae=class extends ye{signup=new ze(this);session=new Ye(this);sessions=new Qe(this);emailVerification=new Ze(this);passwordResets=new et(this);scopes=new tt(this);keys=new nt(this);billing=new rt(this);webhookEndpoints=new st(this);webhookEvents=new ot(this);constructor(e={}){super(ys,e)}};var x=new ae({baseURL:"/dashboard/api"}),Ot=t=>(x.csrfToken=t.csrf_token,t);function ee(t){if(t instanceof R){let e=t.code?t.body?.message??t.message:t.message,n=t.status===429?t.headers?.get("retry-after"):null;return n?`${e} Try again in ${n} seconds.`:e}return t?.message??String(t)}var it=t=>t instanceof R&&t.status===401,_={signUp:async(t,e)=>Ot(await x.signup.create({email:t,password:e})),signIn:async(t,e)=>Ot(await x.session.create({email:t,password:e})),session:async()=>Ot(await x.session.retrieve()),signOut:()=>x.session.delete(),signOutEverywhere:()=>x.sessions.delete(),verifyEmail:t=>x.emailVerification.create({token:t}),requestPasswordReset:t=>x.passwordResets.create({email:t}),resetPassword:(t,e)=>x.passwordResets.confirm.create({token:t,password:e}),scopes:async()=>(await x.scopes.retrieve()).data,keys:async t=>(await x.keys.retrieve({environment:t})).data,createKey:t=>x.keys.create(t),rotateKey:t=>x.keys.rotate(t),revokeKey:t=>x.keys.revoke(t),billing:()=>x.billing.retrieve(),changePlan:t=>x.billing.plan.update({tier:t}),endpoints:async t=>(await x.webhookEndpoints.list({environment:t})).data,createEndpoint:t=>x.webhookEndpoints.create(t),rotateEndpointSecret:t=>x.webhookEndpoints.rotateSecret(t),disableEndpoint:t=>x.webhookEndpoints.disable(t),enableEndpoint:t=>x.webhookEndpoints.enable(t),removeEndpoint:t=>x.webhookEndpoints.delete(t),deliveries:async t=>(await x.webhookEndpoints.deliveries.retrieve(t)).data,resendEvent:t=>x.webhookEvents.resend(t),sendTestEvent:(t,e)=>x.webhookEndpoints.testEvents(t,{type:e}),eventTypes:async()=>{let t=await fetch("/openapi.json",{headers:{accept:"application/json"}});if(!t.ok)throw new Error("Could not load the list of event types.");let e=await t.json();return Object.keys(e.webhooks??{})}};var jt={keys:"API keys",billing:"Billing",webhooks:"Webhooks"},z=(t,e)=>`${t}-${e.replace(/[^A-Za-z0-9_-]/g,"-")}`,V=t=>t==="test"?"Test mode":"Live mode";function te({iso:t,empty:e="Never"}){return t?m`<time datetime=${t}>${t.slice(0,16).replace("T"," ")}</time>`:m`<span class="muted">${e}</span>`}function A({error:t,message:e}){return m`
    <p class="notice error" role="alert" hidden=${!t}>${t??""}</p>
    <p class="notice" role="status" hidden=${!e}>${e??""}</p>
  `}function vr({page:t,environment:e,session:n,children:r}){let o=e==="test"?"live":"test",[s,i]=k(null),a=async d=>{try{await(d?_.signOutEverywhere():_.signOut()),location.assign("/dashboard/signin")}catch(l){i(ee(l))}};return m`
    <a class="skip-link" href="#main">Skip to content</a>
    <header class=${`top mode-${e}`}>
      <div class="brand">Assessment Service</div>
      <nav aria-label="Dashboard">
        <ul>
          ${Object.entries(jt).map(([d,l])=>m`<li>
                <a
                  href=${`/dashboard/${e}/${d}`}
                  aria-current=${d===t?"page":void 0}
                  >${l}</a
                >
              </li>`)}
        </ul>
      </nav>
      <button
        type="button"
        class="mode-switch"
        role="switch"
        aria-checked=${e==="test"}
        onClick=${()=>location.assign(`/dashboard/${o}/${t}`)}
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
    ${e==="test"?m`<p class="mode-banner" data-mode="test">
            <strong>Test mode</strong>: you are managing test data and <code>test_</code> keys. Nothing here
            touches live traffic or billing.
          </p>`:m`<p class="mode-banner live" data-mode="live">
            <strong>Live mode</strong>: you are managing live data and <code>live_</code> keys.
          </p>`}
    <main id="main" tabindex="-1">
      <${A} error=${s} />
      ${e==="live"&&!n.user.email_verified?m`<p class="warning">
              Live keys need a verified e-mail address: open the link in the mail sent to
              ${n.user.email}.
            </p>`:null}
      ${r}
    </main>
  `}function at({open:t,title:e,onClose:n,children:r}){let o=pe(null),s=pe(null),i=pe(`dialog-${Math.random().toString(36).slice(2)}`).current;return O(()=>{let d=o.current;d&&(t&&!d.open?(s.current=document.activeElement,d.showModal()):!t&&d.open&&d.close())},[t]),O(()=>{t&&o.current?.querySelector("[autofocus], input:not([disabled]), select, textarea, button:not([disabled])")?.focus()},[t,e]),m`
    <dialog ref=${o} aria-labelledby=${i} onClose=${()=>{n();let d=s.current;s.current=null,d&&d.isConnected?d.focus():document.getElementById("main")?.focus()}}>
      ${t?m`<h2 id=${i}>${e}</h2>
              ${r}`:null}
    </dialog>
  `}function dt({label:t,secret:e}){let[n,r]=k(""),o=pe(null),s=async()=>{try{await navigator.clipboard.writeText(e),r("Copied to the clipboard.")}catch{o.current?.select(),r("Selected: press Ctrl+C (or Cmd+C) to copy.")}};return m`
    <p class="warning">
      This is the only time the ${t.toLowerCase()} is shown. Copy it and store it somewhere safe now; you
      cannot see it again.
    </p>
    <div class="secret">
      <label for="once-only-secret">${t}</label>
      <input
        id="once-only-secret"
        ref=${o}
        class="secret-value"
        readonly
        value=${e}
        spellcheck="false"
        autocomplete="off"
        autofocus
      />
      <button type="button" onClick=${s}>Copy</button>
    </div>
    <p role="status" class="muted">${n}</p>
  `}function L(){let[t,e]=k(!1),[n,r]=k(null);return{busy:t,error:n,setError:r,run:async s=>{e(!0),r(null);try{await s()}catch(i){it(i)&&document.body.dataset.environment&&location.assign(`/dashboard/signin?next=${encodeURIComponent(location.pathname)}`),r(ee(i))}finally{e(!1)}}}}function gs(t=location.search){let e=new URLSearchParams(t).get("next")??"";return/^\/dashboard\/(test|live)\/(keys|billing|webhooks)$/.test(e)?e:"/dashboard/test/keys"}function $r(){let t=location.hash.slice(1);return new URLSearchParams(t).get("token")??(/^[A-Za-z0-9_-]+$/.test(t)?t:"")}function lt({title:t,children:e}){return m`
    <main id="main" class="auth" tabindex="-1">
      <p class="brand">Assessment Service</p>
      <h1>${t}</h1>
      ${e}
    </main>
  `}function xr({mode:t}){let e=L(),n=o=>{o.preventDefault();let s=new FormData(o.currentTarget),i=String(s.get("email")??"").trim(),a=String(s.get("password")??"");e.run(async()=>{t==="signup"?await _.signUp(i,a):await _.signIn(i,a),location.assign(gs())})},r=t==="signup";return m`
    <form onSubmit=${n} class="card">
      <${A} error=${e.error} />
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
      <button type="submit" class="primary" disabled=${e.busy}>
        ${r?"Create account":"Sign in"}
      </button>
    </form>
    ${r?m`<p>Already have an account? <a href="/dashboard/signin">Sign in</a></p>`:m`<p>
            New here? <a href="/dashboard/signup">Create an account</a> ·
            <a href="/dashboard/reset-password">Forgot your password?</a>
          </p>`}
  `}var Rr=()=>m`<${lt} title="Sign in to the dashboard"><${xr} mode="signin" /><//>`,Pr=()=>m`<${lt} title="Create your account"
    ><p>Test keys work at once; live keys need a verified e-mail address.</p>
    <${xr} mode="signup"
  /><//>`;function Sr(){let[t,e]=k("working"),[n,r]=k(null);return O(()=>{let o=$r();if(!o){e("failed"),r("This link has no verification token. Open the link from the mail again.");return}_.verifyEmail(o).then(()=>e("done"),s=>{e("failed"),r(ee(s))})},[]),m`
    <${lt} title="Verify your e-mail">
      ${t==="working"?m`<p aria-busy="true">Verifying…</p>`:null}
      ${t==="done"?m`<p role="status">Your e-mail address is verified. You can now create live keys.</p>
              <p><a href="/dashboard/live/keys">Go to live keys</a></p>`:null}
      <${A} error=${n} />
    <//>
  `}function Er(){let t=$r(),e=L(),[n,r]=k(null),o=s=>{s.preventDefault();let i=new FormData(s.currentTarget);e.run(async()=>{t?(await _.resetPassword(t,String(i.get("password")??"")),r("Your password is changed, and every other session is signed out. Sign in with the new password.")):(await _.requestPasswordReset(String(i.get("email")??"").trim()),r("If an account has that address, a reset link is on its way."))})};return m`
    <${lt} title=${t?"Choose a new password":"Reset your password"}>
      <${A} error=${e.error} message=${n} />
      ${n?m`<p><a href="/dashboard/signin">Sign in</a></p>`:m`<form onSubmit=${o} class="card">
              ${t?m`<div class="field">
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
              <button type="submit" class="primary" disabled=${e.busy}>
                ${t?"Change password":"Send reset link"}
              </button>
            </form>`}
    <//>
  `}var ct=t=>t.toLocaleString("en-US");function bs(t){let e=t.monthly_cents===0?"Free":`${ut(t.monthly_cents,t.currency)} a month`,n=t.included_live_requests>0?`, ${ct(t.included_live_requests)} live requests included`:"",r=t.per_thousand_live_requests_cents>0?`, then ${ut(t.per_thousand_live_requests_cents,t.currency)} per 1,000`:"";return`${e}${n}${r}`}var ut=(t,e)=>new Intl.NumberFormat("en-US",{style:"currency",currency:e.toUpperCase()}).format(t/100);function Tr({environment:t}){let[e,n]=k(null),[r,o]=k(null),s=L(),i=L();if(O(()=>{s.run(async()=>n(await _.billing()))},[]),!e)return m`<h1>
        Billing <span class=${`mode-badge mode-${t}`}>${V(t)}</span>
      </h1>
      <${A} error=${s.error} />
      ${s.error?null:m`<p aria-busy="true">Loading billing…</p>`}`;let a=e.daily.filter(u=>u.live_requests>0),d=e.tiers.findIndex(u=>u.tier===e.tier),l=u=>i.run(async()=>{let c=await _.changePlan(u.tier);n(c),o(`Your account is now on tier ${c.tier} (${c.plan}). New rate limits apply to the next request.`)});return m`
    <h1>Billing <span class=${`mode-badge mode-${t}`}>${V(t)}</span></h1>
    <p class="lead">
      Billing is for the whole account. Only live requests are metered; test-mode traffic is free.
    </p>
    <${A} error=${i.error??s.error} message=${r} />
    <section aria-labelledby="plan-heading">
      <h2 id="plan-heading">Your plan</h2>
      <p class="current-tier">
        Current tier: <strong data-testid="current-tier">Tier ${e.tier} (${e.plan})</strong>.
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
            ${e.tiers.map((u,c)=>{let p=u.tier===e.tier,f=c>d?"Upgrade":"Downgrade";return m`
                <tr
                  key=${u.tier}
                  aria-current=${p?"true":void 0}
                  class=${p?"current":""}
                >
                  <th scope="row">Tier ${u.tier}</th>
                  <td>${u.plan}</td>
                  <td class="number">${ct(u.per_key)} / min</td>
                  <td class="number">${ct(u.per_account)} / min</td>
                  <td>${bs(u.price)}</td>
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
      <h2 id="usage-heading">Usage in ${e.month}</h2>
      <p>
        Metered live requests this month:
        <strong data-testid="live-requests">${e.live_requests.toLocaleString("en-US")}</strong>.
        Estimated invoice:
        <strong data-testid="estimate-total"
          >${ut(e.estimate.total_cents,e.estimate.currency)}</strong
        >.
      </p>
      ${e.estimate.lines.length?m`<table class="estimate">
              <caption>
                Estimate for ${e.month}
              </caption>
              <thead>
                <tr>
                  <th scope="col">Line</th>
                  <th scope="col" class="number">Quantity</th>
                  <th scope="col" class="number">Amount</th>
                </tr>
              </thead>
              <tbody>
                ${e.estimate.lines.map(u=>m`<tr>
                      <td>${u.description}</td>
                      <td class="number">${ct(u.quantity)}</td>
                      <td class="number">${ut(u.amount_cents,e.estimate.currency)}</td>
                    </tr>`)}
              </tbody>
            </table>`:null}
      <div class="usage">
        <${ws} daily=${e.daily} month=${e.month} />
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
  `}var Dt=620,Y=160,ne=44,_s=t=>t>=1e4?`${Math.round(t/1e3)}k`:String(t);function ks(t,e){let[n,r]=t.split("-").map(Number),o=new Date(Date.UTC(n,r,0)).getUTCDate(),s=new Map(e.map(i=>[i.date,i.live_requests]));return Array.from({length:o},(i,a)=>{let d=`${t}-${String(a+1).padStart(2,"0")}`;return{date:d,live_requests:s.get(d)??0}})}function ws({daily:t,month:e}){let n=ks(e,t),r=Math.max(1,...n.map(a=>a.live_requests)),o=(Dt-ne)/n.length,s=o*.7,i=n.reduce((a,d)=>a+d.live_requests,0);return m`
    <figure class="chart">
      <svg
        viewBox=${`0 0 ${Dt} ${Y+22}`}
        role="img"
        aria-labelledby="usage-chart-title usage-chart-desc"
        class="usage-chart"
      >
        <title id="usage-chart-title">Live requests per day in ${e}</title>
        <desc id="usage-chart-desc">
          ${i} live requests in ${e}, at most ${r} in a day. The table beside the chart lists every
          day with traffic.
        </desc>
        <line x1=${ne} y1=${Y} x2=${Dt} y2=${Y} class="axis" />
        <line x1=${ne} y1="4" x2=${ne} y2=${Y} class="axis" />
        <text x=${ne-6} y="14" text-anchor="end" class="tick">${_s(r)}</text>
        <text x=${ne-6} y=${Y} text-anchor="end" class="tick">0</text>
        ${n.map((a,d)=>{let l=a.live_requests/r*(Y-10),u=ne+d*o+(o-s)/2,c=d===0||(d+1)%5===0;return m`
            ${a.live_requests>0?m`<rect x=${u} y=${Y-l} width=${s} height=${l} class="bar"><title>${a.date}: ${a.live_requests}</title></rect>`:null}
            ${c?m`<text x=${u+s/2} y=${Y+16} text-anchor="middle" class="tick">${d+1}</text>`:null}
          `})}
      </svg>
      <figcaption>Live requests per day of ${e} (UTC).</figcaption>
    </figure>
  `}var X=t=>t.name??"Unnamed key";function Cr({environment:t}){let[e,n]=k(null),[r,o]=k([]),[s,i]=k(null),[a,d]=k(null),l=L(),u=()=>l.run(async()=>n(await _.keys(t)));O(()=>{l.run(async()=>{let[p,f]=await Promise.all([_.keys(t),_.scopes()]);n(p),o(f)})},[t]);let c=s?.kind==="create"?`Create a ${t} key`:s?.kind==="secret"?s.title:s?.kind==="rotate"?`Rotate ${X(s.key)}?`:s?.kind==="revoke"?`Revoke ${X(s.key)}?`:"";return m`
    <div class="page-heading">
      <h1>API keys <span class=${`mode-badge mode-${t}`}>${V(t)}</span></h1>
      <button type="button" class="primary" onClick=${()=>i({kind:"create"})}>Create key</button>
    </div>
    <p class="lead">
      Keys for the ${t} environment. Secret keys (<code>${t}_sk_</code>) belong on your
      server; publishable keys (<code>${t}_pk_</code>) may ship in a browser.
    </p>
    <${A} error=${l.error} message=${a} />
    ${e===null?m`<p aria-busy="true">Loading keys…</p>`:m`
            <div class="table-wrap">
              <table class="keys">
                <caption class="visually-hidden">
                  ${V(t)} API keys
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
                  ${e.length===0?m`<tr>
                          <td colspan="9" class="empty">
                            No ${t} keys yet. Create one to call the API.
                          </td>
                        </tr>`:null}
                  ${e.map(p=>m`
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
    <${at} open=${s!==null} title=${c} onClose=${()=>i(null)}>
      ${s?.kind==="create"?m`<${vs}
              environment=${t}
              scopes=${r}
              onCancel=${()=>i(null)}
              onCreated=${(p,f)=>{i({kind:"secret",title:`Your new key ${f}`,secret:p}),d(`Created the key ${f}.`),u()}}
            />`:null}
      ${s?.kind==="secret"?m`<${$s} secret=${s.secret} onDone=${()=>i(null)} />`:null}
      ${s?.kind==="rotate"?m`<${ge}
              text=${`The current key ${s.key.redacted} stops working immediately, and a new key with the same name and scopes is shown once.`}
              confirm="Rotate key"
              onCancel=${()=>i(null)}
              onConfirm=${async()=>{let p=await _.rotateKey(s.key.id);i({kind:"secret",title:`The new key for ${X(p.key)}`,secret:p.secret}),d(`Rotated the key ${X(p.key)}; the old key no longer works.`),u()}}
            />`:null}
      ${s?.kind==="revoke"?m`<${ge}
              text=${`Requests with ${s.key.redacted} will be refused (401) from now on. This cannot be undone.`}
              confirm="Revoke key"
              danger=${!0}
              onCancel=${()=>i(null)}
              onConfirm=${async()=>{let p=await _.revokeKey(s.key.id);i(null),d(`Revoked the key ${X(p)}.`),u()}}
            />`:null}
    <//>
  `}function vs({environment:t,scopes:e,onCancel:n,onCreated:r}){let o=L();return m`
    <form onSubmit=${i=>{i.preventDefault();let a=new FormData(i.currentTarget),d=String(a.get("name")??"").trim(),l=a.get("type")==="pk"?"pk":"sk",u=a.getAll("scopes").map(String);if(u.length===0){o.setError("Choose at least one scope.");return}o.run(async()=>{let c=await _.createKey({name:d,type:l,environment:t,scopes:u});r(c.secret,X(c.key))})}} novalidate=${!1}>
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
          ><input type="radio" name="type" value="sk" checked /> Secret key (<code>${t}_sk_</code>):
          for your server</label
        >
        <label
          ><input type="radio" name="type" value="pk" /> Publishable key (<code>${t}_pk_</code>):
          safe in a browser</label
        >
      </fieldset>
      <fieldset>
        <legend>Scopes</legend>
        ${e.map(i=>m`
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
        <button type="submit" class="primary" disabled=${o.busy}>Create key</button>
      </div>
    </form>
  `}function $s({secret:t,onDone:e}){return m`
    <${dt} label="API key" secret=${t} />
    <div class="buttons"><button type="button" class="primary" onClick=${e}>Done</button></div>
  `}function ge({text:t,confirm:e,danger:n=!1,onCancel:r,onConfirm:o}){let s=L();return m`
    <p>${t}</p>
    <${A} error=${s.error} />
    <div class="buttons">
      <button type="button" onClick=${r} autofocus>Cancel</button>
      <button
        type="button"
        class=${n?"danger":"primary"}
        disabled=${s.busy}
        onClick=${()=>s.run(o)}
      >
        ${e}
      </button>
    </div>
  `}var de=t=>t.status==="enabled";function Ar({environment:t}){let[e,n]=k(null),[r,o]=k([]),[s,i]=k(null),[a,d]=k(null),[l,u]=k(null),c=L(),p=L(),f=()=>c.run(async()=>n(await _.endpoints(t)));O(()=>{c.run(async()=>{let[h,T]=await Promise.all([_.endpoints(t),_.eventTypes()]);n(h),o(T)})},[t]);let y=h=>p.run(async()=>{de(h)?await _.disableEndpoint(h.id):await _.enableEndpoint(h.id),u(`${de(h)?"Disabled":"Enabled"} ${h.url}.`),await f()}),P={add:`Add a ${t} endpoint`,rotate:"Rotate the signing secret?",remove:"Remove this endpoint?",test:"Send a test event"},$=s?s.kind==="secret"?s.title:P[s.kind]:"",b=e?.find(h=>h.id===a);return m`
    <div class="page-heading">
      <h1>Webhooks <span class=${`mode-badge mode-${t}`}>${V(t)}</span></h1>
      <button type="button" class="primary" onClick=${()=>i({kind:"add"})}>Add endpoint</button>
    </div>
    <p class="lead">
      Endpoints that receive ${t==="test"?"test-mode":"live"} events, signed with their own
      secret (Standard Webhooks).
    </p>
    <${A} error=${p.error??c.error} message=${l} />
    ${e===null?m`<p aria-busy="true">Loading endpoints…</p>`:m`
            <div class="table-wrap">
              <table class="endpoints">
                <caption class="visually-hidden">
                  ${V(t)} webhook endpoints
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
                  ${e.length===0?m`<tr>
                          <td colspan="5" class="empty">No ${t} endpoints yet.</td>
                        </tr>`:null}
                  ${e.map(h=>m`
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
    ${b?m`<${Ps} endpoint=${b} onMessage=${u} />`:null}
    <${at} open=${s!==null} title=${$} onClose=${()=>i(null)}>
      ${s?.kind==="add"?m`<${xs}
              environment=${t}
              eventTypes=${r}
              onCancel=${()=>i(null)}
              onCreated=${(h,T)=>{i({kind:"secret",title:`Signing secret for ${h.url}`,secret:T}),u(`Added ${h.url}.`),d(h.id),f()}}
            />`:null}
      ${s?.kind==="secret"?m`<${dt} label="Signing secret" secret=${s.secret} />
              <div class="buttons">
                <button type="button" class="primary" onClick=${()=>i(null)}>Done</button>
              </div>`:null}
      ${s?.kind==="rotate"?m`<${ge}
              text=${`Deliveries to ${s.endpoint.url} will be signed with a new secret, shown once. Update your receiver before the next event.`}
              confirm="Rotate secret"
              onCancel=${()=>i(null)}
              onConfirm=${async()=>{let h=await _.rotateEndpointSecret(s.endpoint.id);i({kind:"secret",title:`New signing secret for ${h.endpoint.url}`,secret:h.secret})}}
            />`:null}
      ${s?.kind==="remove"?m`<${ge}
              text=${`${s.endpoint.url} will receive no more events. This cannot be undone.`}
              confirm="Remove endpoint"
              danger=${!0}
              onCancel=${()=>i(null)}
              onConfirm=${async()=>{await _.removeEndpoint(s.endpoint.id),a===s.endpoint.id&&d(null),i(null),u(`Removed ${s.endpoint.url}.`),await f()}}
            />`:null}
      ${s?.kind==="test"?m`<${Rs}
              endpoint=${s.endpoint}
              eventTypes=${s.endpoint.events.includes("*")?r:s.endpoint.events}
              onCancel=${()=>i(null)}
              onSent=${h=>{i(null),d(s.endpoint.id),u(`Sent a test ${h} event to ${s.endpoint.url}; it appears under its deliveries.`)}}
            />`:null}
    <//>
  `}function xs({environment:t,eventTypes:e,onCancel:n,onCreated:r}){let o=L();return m`
    <form onSubmit=${i=>{i.preventDefault();let a=new FormData(i.currentTarget),d=String(a.get("url")??"").trim(),l=a.getAll("events").map(String);if(l.length===0){o.setError("Choose at least one event type.");return}o.run(async()=>{let u=await _.createEndpoint({environment:t,url:d,events:l});r(u.endpoint,u.secret)})}}>
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
        ${e.map(i=>m`<div class="checkbox">
              <input type="checkbox" id=${z("event",i)} name="events" value=${i} /><label
                for=${z("event",i)}
                ><code>${i}</code></label
              >
            </div>`)}
      </fieldset>
      <div class="buttons">
        <button type="button" onClick=${n}>Cancel</button>
        <button type="submit" class="primary" disabled=${o.busy}>Add endpoint</button>
      </div>
    </form>
  `}function Rs({endpoint:t,eventTypes:e,onCancel:n,onSent:r}){let o=L();return m`
    <form onSubmit=${i=>{i.preventDefault();let a=String(new FormData(i.currentTarget).get("type")??"");o.run(async()=>{await _.sendTestEvent(t.id,a),r(a)})}}>
      <p>A sample event is signed and delivered to <code>${t.url}</code> like a real one.</p>
      <${A} error=${o.error} />
      <div class="field">
        <label for="test-event-type">Event type</label>
        <select id="test-event-type" name="type" autofocus>
          ${e.map(i=>m`<option value=${i}>${i}</option>`)}
        </select>
      </div>
      <div class="buttons">
        <button type="button" onClick=${n}>Cancel</button>
        <button type="submit" class="primary" disabled=${o.busy}>Send test event</button>
      </div>
    </form>
  `}function Ps({endpoint:t,onMessage:e}){let[n,r]=k(null),o=L(),s=L(),i=()=>o.run(async()=>r(await _.deliveries(t.id)));return O(()=>{i()},[t.id]),m`
    <section class="deliveries" aria-labelledby="deliveries-heading">
      <div class="page-heading">
        <h2 id="deliveries-heading">Recent deliveries to <code>${t.url}</code></h2>
        <button type="button" onClick=${i} disabled=${o.busy}>Refresh</button>
      </div>
      <${A} error=${s.error??o.error} />
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
                              disabled=${s.busy}
                              aria-label=${`Resend ${a.event_type} ${a.event_id}`}
                              onClick=${()=>s.run(async()=>{await _.resendEvent(a.event_id),e(`Queued ${a.event_id} again.`),await i()})}
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
  `}var Lr={keys:Cr,billing:Tr,webhooks:Ar},Mr={signin:Rr,signup:Pr,"verify-email":Sr,"reset-password":Er};function Ss({page:t,environment:e}){let[n,r]=k(null),[o,s]=k(null);if(O(()=>{_.session().then(r,a=>{it(a)?location.replace(`/dashboard/signin?next=${encodeURIComponent(location.pathname)}`):s(ee(a))})},[]),!n)return m`<main id="main">
      <h1>${jt[t]}</h1>
      ${o?m`<${A} error=${o} />`:m`<p aria-busy="true">Loading…</p>`}
    </main>`;let i=Lr[t];return m`<${vr} page=${t} environment=${e} session=${n}
    ><${i} environment=${e}
  /><//>`}var Ut=document.getElementById("app"),{page:pt="",environment:Ht}=document.body.dataset;if(Ut){if(pt in Lr&&(Ht==="test"||Ht==="live"))Pe(m`<${Ss} page=${pt} environment=${Ht} />`,Ut);else if(pt in Mr){let t=Mr[pt];Pe(m`<${t} />`,Ut),window.addEventListener("hashchange",()=>location.reload())}}
