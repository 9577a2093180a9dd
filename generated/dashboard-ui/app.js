// Built by `npm run generate` from service/dashboard/ui/ (esbuild 0.28.2); do not edit.
var Pe,$,on,eo,ee,en,sn,an,dn,wt,bt,_t,to,fe={},ln=[],no=/acit|ex(?:s|g|n|p|$)|rph|grid|ows|mnc|ntw|ine[ch]|zoo|^ord|itera/i,Se=Array.isArray;function N(e,t){for(var n in t)e[n]=t[n];return e}function vt(e){e&&e.parentNode&&e.parentNode.removeChild(e)}function Ee(e,t,n){var r,s,o,i={};for(o in t)o=="key"?r=t[o]:o=="ref"?s=t[o]:i[o]=t[o];if(arguments.length>2&&(i.children=arguments.length>3?Pe.call(arguments,2):n),typeof e=="function"&&e.defaultProps!=null)for(o in e.defaultProps)i[o]===void 0&&(i[o]=e.defaultProps[o]);return xe(e,i,r,s,null)}function xe(e,t,n,r,s){var o={type:e,props:t,key:n,ref:r,__k:null,__:null,__b:0,__e:null,__c:null,constructor:void 0,__v:s??++on,__i:-1,__u:0};return s==null&&$.vnode!=null&&$.vnode(o),o}function Te(e){return e.children}function me(e,t){this.props=e,this.context=t}function ie(e,t){if(t==null)return e.__?ie(e.__,e.__i+1):null;for(var n;t<e.__k.length;t++)if((n=e.__k[t])!=null&&n.__e!=null)return n.__e;return typeof e.type=="function"?ie(e):null}function cn(e){var t,n;if((e=e.__)!=null&&e.__c!=null){for(e.__e=e.__c.base=null,t=0;t<e.__k.length;t++)if((n=e.__k[t])!=null&&n.__e!=null){e.__e=e.__c.base=n.__e;break}return cn(e)}}function tn(e){(!e.__d&&(e.__d=!0)&&ee.push(e)&&!Re.__r++||en!=$.debounceRendering)&&((en=$.debounceRendering)||sn)(Re)}function Re(){for(var e,t,n,r,s,o,i,a=1;ee.length;)ee.length>a&&ee.sort(an),e=ee.shift(),a=ee.length,e.__d&&(n=void 0,r=void 0,s=(r=(t=e).__v).__e,o=[],i=[],t.__P&&((n=N({},r)).__v=r.__v+1,$.vnode&&$.vnode(n),$t(t.__P,n,r,t.__n,t.__P.namespaceURI,32&r.__u?[s]:null,o,s??ie(r),!!(32&r.__u),i),n.__v=r.__v,n.__.__k[n.__i]=n,mn(o,n,i),r.__e=r.__=null,n.__e!=s&&cn(n)));Re.__r=0}function un(e,t,n,r,s,o,i,a,d,l,u){var c,p,m,g,w,k,b,h=r&&r.__k||ln,P=t.length;for(d=ro(n,t,h,d,P),c=0;c<P;c++)(m=n.__k[c])!=null&&(p=m.__i==-1?fe:h[m.__i]||fe,m.__i=c,k=$t(e,m,p,s,o,i,a,d,l,u),g=m.__e,m.ref&&p.ref!=m.ref&&(p.ref&&xt(p.ref,null,m),u.push(m.ref,m.__c||g,m)),w==null&&g!=null&&(w=g),(b=!!(4&m.__u))||p.__k===m.__k?d=pn(m,d,e,b):typeof m.type=="function"&&k!==void 0?d=k:g&&(d=g.nextSibling),m.__u&=-7);return n.__e=w,d}function ro(e,t,n,r,s){var o,i,a,d,l,u=n.length,c=u,p=0;for(e.__k=new Array(s),o=0;o<s;o++)(i=t[o])!=null&&typeof i!="boolean"&&typeof i!="function"?(typeof i=="string"||typeof i=="number"||typeof i=="bigint"||i.constructor==String?i=e.__k[o]=xe(null,i,null,null,null):Se(i)?i=e.__k[o]=xe(Te,{children:i},null,null,null):i.constructor==null&&i.__b>0?i=e.__k[o]=xe(i.type,i.props,i.key,i.ref?i.ref:null,i.__v):e.__k[o]=i,d=o+p,i.__=e,i.__b=e.__b+1,(l=i.__i=oo(i,n,d,c))!=-1&&(c--,(a=n[l])&&(a.__u|=2)),a==null||a.__v==null?(l==-1&&(s>u?p--:s<u&&p++),typeof i.type!="function"&&(i.__u|=4)):l!=d&&(l==d-1?p--:l==d+1?p++:(l>d?p--:p++,i.__u|=4))):e.__k[o]=null;if(c)for(o=0;o<u;o++)(a=n[o])!=null&&(2&a.__u)==0&&(a.__e==r&&(r=ie(a)),hn(a,a));return r}function pn(e,t,n,r){var s,o;if(typeof e.type=="function"){for(s=e.__k,o=0;s&&o<s.length;o++)s[o]&&(s[o].__=e,t=pn(s[o],t,n,r));return t}e.__e!=t&&(r&&(t&&e.type&&!t.parentNode&&(t=ie(e)),n.insertBefore(e.__e,t||null)),t=e.__e);do t=t&&t.nextSibling;while(t!=null&&t.nodeType==8);return t}function oo(e,t,n,r){var s,o,i,a=e.key,d=e.type,l=t[n],u=l!=null&&(2&l.__u)==0;if(l===null&&a==null||u&&a==l.key&&d==l.type)return n;if(r>(u?1:0)){for(s=n-1,o=n+1;s>=0||o<t.length;)if((l=t[i=s>=0?s--:o++])!=null&&(2&l.__u)==0&&a==l.key&&d==l.type)return i}return-1}function nn(e,t,n){t[0]=="-"?e.setProperty(t,n??""):e[t]=n==null?"":typeof n!="number"||no.test(t)?n:n+"px"}function $e(e,t,n,r,s){var o,i;e:if(t=="style")if(typeof n=="string")e.style.cssText=n;else{if(typeof r=="string"&&(e.style.cssText=r=""),r)for(t in r)n&&t in n||nn(e.style,t,"");if(n)for(t in n)r&&n[t]==r[t]||nn(e.style,t,n[t])}else if(t[0]=="o"&&t[1]=="n")o=t!=(t=t.replace(dn,"$1")),i=t.toLowerCase(),t=i in e||t=="onFocusOut"||t=="onFocusIn"?i.slice(2):t.slice(2),e.l||(e.l={}),e.l[t+o]=n,n?r?n.u=r.u:(n.u=wt,e.addEventListener(t,o?_t:bt,o)):e.removeEventListener(t,o?_t:bt,o);else{if(s=="http://www.w3.org/2000/svg")t=t.replace(/xlink(H|:h)/,"h").replace(/sName$/,"s");else if(t!="width"&&t!="height"&&t!="href"&&t!="list"&&t!="form"&&t!="tabIndex"&&t!="download"&&t!="rowSpan"&&t!="colSpan"&&t!="role"&&t!="popover"&&t in e)try{e[t]=n??"";break e}catch{}typeof n=="function"||(n==null||n===!1&&t[4]!="-"?e.removeAttribute(t):e.setAttribute(t,t=="popover"&&n==1?"":n))}}function rn(e){return function(t){if(this.l){var n=this.l[t.type+e];if(t.t==null)t.t=wt++;else if(t.t<n.u)return;return n($.event?$.event(t):t)}}}function $t(e,t,n,r,s,o,i,a,d,l){var u,c,p,m,g,w,k,b,h,P,D,M,S,G,se,J,z,I=t.type;if(t.constructor!=null)return null;128&n.__u&&(d=!!(32&n.__u),o=[a=t.__e=n.__e]),(u=$.__b)&&u(t);e:if(typeof I=="function")try{if(b=t.props,h="prototype"in I&&I.prototype.render,P=(u=I.contextType)&&r[u.__c],D=u?P?P.props.value:u.__:r,n.__c?k=(c=t.__c=n.__c).__=c.__E:(h?t.__c=c=new I(b,D):(t.__c=c=new me(b,D),c.constructor=I,c.render=io),P&&P.sub(c),c.state||(c.state={}),c.__n=r,p=c.__d=!0,c.__h=[],c._sb=[]),h&&c.__s==null&&(c.__s=c.state),h&&I.getDerivedStateFromProps!=null&&(c.__s==c.state&&(c.__s=N({},c.__s)),N(c.__s,I.getDerivedStateFromProps(b,c.__s))),m=c.props,g=c.state,c.__v=t,p)h&&I.getDerivedStateFromProps==null&&c.componentWillMount!=null&&c.componentWillMount(),h&&c.componentDidMount!=null&&c.__h.push(c.componentDidMount);else{if(h&&I.getDerivedStateFromProps==null&&b!==m&&c.componentWillReceiveProps!=null&&c.componentWillReceiveProps(b,D),t.__v==n.__v||!c.__e&&c.shouldComponentUpdate!=null&&c.shouldComponentUpdate(b,c.__s,D)===!1){for(t.__v!=n.__v&&(c.props=b,c.state=c.__s,c.__d=!1),t.__e=n.__e,t.__k=n.__k,t.__k.some(function(H){H&&(H.__=t)}),M=0;M<c._sb.length;M++)c.__h.push(c._sb[M]);c._sb=[],c.__h.length&&i.push(c);break e}c.componentWillUpdate!=null&&c.componentWillUpdate(b,c.__s,D),h&&c.componentDidUpdate!=null&&c.__h.push(function(){c.componentDidUpdate(m,g,w)})}if(c.context=D,c.props=b,c.__P=e,c.__e=!1,S=$.__r,G=0,h){for(c.state=c.__s,c.__d=!1,S&&S(t),u=c.render(c.props,c.state,c.context),se=0;se<c._sb.length;se++)c.__h.push(c._sb[se]);c._sb=[]}else do c.__d=!1,S&&S(t),u=c.render(c.props,c.state,c.context),c.state=c.__s;while(c.__d&&++G<25);c.state=c.__s,c.getChildContext!=null&&(r=N(N({},r),c.getChildContext())),h&&!p&&c.getSnapshotBeforeUpdate!=null&&(w=c.getSnapshotBeforeUpdate(m,g)),J=u,u!=null&&u.type===Te&&u.key==null&&(J=fn(u.props.children)),a=un(e,Se(J)?J:[J],t,n,r,s,o,i,a,d,l),c.base=t.__e,t.__u&=-161,c.__h.length&&i.push(c),k&&(c.__E=c.__=null)}catch(H){if(t.__v=null,d||o!=null)if(H.then){for(t.__u|=d?160:128;a&&a.nodeType==8&&a.nextSibling;)a=a.nextSibling;o[o.indexOf(a)]=null,t.__e=a}else{for(z=o.length;z--;)vt(o[z]);kt(t)}else t.__e=n.__e,t.__k=n.__k,H.then||kt(t);$.__e(H,t,n)}else o==null&&t.__v==n.__v?(t.__k=n.__k,t.__e=n.__e):a=t.__e=so(n.__e,t,n,r,s,o,i,d,l);return(u=$.diffed)&&u(t),128&t.__u?void 0:a}function kt(e){e&&e.__c&&(e.__c.__e=!0),e&&e.__k&&e.__k.forEach(kt)}function mn(e,t,n){for(var r=0;r<n.length;r++)xt(n[r],n[++r],n[++r]);$.__c&&$.__c(t,e),e.some(function(s){try{e=s.__h,s.__h=[],e.some(function(o){o.call(s)})}catch(o){$.__e(o,s.__v)}})}function fn(e){return typeof e!="object"||e==null||e.__b&&e.__b>0?e:Se(e)?e.map(fn):N({},e)}function so(e,t,n,r,s,o,i,a,d){var l,u,c,p,m,g,w,k=n.props||fe,b=t.props,h=t.type;if(h=="svg"?s="http://www.w3.org/2000/svg":h=="math"?s="http://www.w3.org/1998/Math/MathML":s||(s="http://www.w3.org/1999/xhtml"),o!=null){for(l=0;l<o.length;l++)if((m=o[l])&&"setAttribute"in m==!!h&&(h?m.localName==h:m.nodeType==3)){e=m,o[l]=null;break}}if(e==null){if(h==null)return document.createTextNode(b);e=document.createElementNS(s,h,b.is&&b),a&&($.__m&&$.__m(t,o),a=!1),o=null}if(h==null)k===b||a&&e.data==b||(e.data=b);else{if(o=o&&Pe.call(e.childNodes),!a&&o!=null)for(k={},l=0;l<e.attributes.length;l++)k[(m=e.attributes[l]).name]=m.value;for(l in k)if(m=k[l],l!="children"){if(l=="dangerouslySetInnerHTML")c=m;else if(!(l in b)){if(l=="value"&&"defaultValue"in b||l=="checked"&&"defaultChecked"in b)continue;$e(e,l,null,m,s)}}for(l in b)m=b[l],l=="children"?p=m:l=="dangerouslySetInnerHTML"?u=m:l=="value"?g=m:l=="checked"?w=m:a&&typeof m!="function"||k[l]===m||$e(e,l,m,k[l],s);if(u)a||c&&(u.__html==c.__html||u.__html==e.innerHTML)||(e.innerHTML=u.__html),t.__k=[];else if(c&&(e.innerHTML=""),un(t.type=="template"?e.content:e,Se(p)?p:[p],t,n,r,h=="foreignObject"?"http://www.w3.org/1999/xhtml":s,o,i,o?o[0]:n.__k&&ie(n,0),a,d),o!=null)for(l=o.length;l--;)vt(o[l]);a||(l="value",h=="progress"&&g==null?e.removeAttribute("value"):g!=null&&(g!==e[l]||h=="progress"&&!g||h=="option"&&g!=k[l])&&$e(e,l,g,k[l],s),l="checked",w!=null&&w!=e[l]&&$e(e,l,w,k[l],s))}return e}function xt(e,t,n){try{if(typeof e=="function"){var r=typeof e.__u=="function";r&&e.__u(),r&&t==null||(e.__u=e(t))}else e.current=t}catch(s){$.__e(s,n)}}function hn(e,t,n){var r,s;if($.unmount&&$.unmount(e),(r=e.ref)&&(r.current&&r.current!=e.__e||xt(r,null,t)),(r=e.__c)!=null){if(r.componentWillUnmount)try{r.componentWillUnmount()}catch(o){$.__e(o,t)}r.base=r.__P=null}if(r=e.__k)for(s=0;s<r.length;s++)r[s]&&hn(r[s],t,n||typeof e.type!="function");n||vt(e.__e),e.__c=e.__=e.__e=void 0}function io(e,t,n){return this.constructor(e,n)}function Ce(e,t,n){var r,s,o,i;t==document&&(t=document.documentElement),$.__&&$.__(e,t),s=(r=typeof n=="function")?null:n&&n.__k||t.__k,o=[],i=[],$t(t,e=(!r&&n||t).__k=Ee(Te,null,[e]),s||fe,fe,t.namespaceURI,!r&&n?[n]:s?null:t.firstChild?Pe.call(t.childNodes):null,o,!r&&n?n:s?s.__e:t.firstChild,r,i),mn(o,e,i)}Pe=ln.slice,$={__e:function(e,t,n,r){for(var s,o,i;t=t.__;)if((s=t.__c)&&!s.__)try{if((o=s.constructor)&&o.getDerivedStateFromError!=null&&(s.setState(o.getDerivedStateFromError(e)),i=s.__d),s.componentDidCatch!=null&&(s.componentDidCatch(e,r||{}),i=s.__d),i)return s.__E=s}catch(a){e=a}throw e}},on=0,eo=function(e){return e!=null&&e.constructor==null},me.prototype.setState=function(e,t){var n;n=this.__s!=null&&this.__s!=this.state?this.__s:this.__s=N({},this.state),typeof e=="function"&&(e=e(N({},n),this.props)),e&&N(n,e),e!=null&&this.__v&&(t&&this._sb.push(t),tn(this))},me.prototype.forceUpdate=function(e){this.__v&&(this.__e=!0,e&&this.__h.push(e),tn(this))},me.prototype.render=Te,ee=[],sn=typeof Promise=="function"?Promise.prototype.then.bind(Promise.resolve()):setTimeout,an=function(e,t){return e.__v.__b-t.__v.__b},Re.__r=0,dn=/(PointerCapture)$|Capture$/i,wt=0,bt=rn(!1),_t=rn(!0),to=0;var gn=function(e,t,n,r){var s;t[0]=0;for(var o=1;o<t.length;o++){var i=t[o++],a=t[o]?(t[0]|=i?1:2,n[t[o++]]):t[++o];i===3?r[0]=a:i===4?r[1]=Object.assign(r[1]||{},a):i===5?(r[1]=r[1]||{})[t[++o]]=a:i===6?r[1][t[++o]]+=a+"":i?(s=e.apply(a,gn(e,a,n,["",null])),r.push(s),a[0]?t[0]|=2:(t[o-2]=0,t[o]=s)):r.push(a)}return r},yn=new Map;function bn(e){var t=yn.get(this);return t||(t=new Map,yn.set(this,t)),(t=gn(this,t.get(e)||(t.set(e,t=(function(n){for(var r,s,o=1,i="",a="",d=[0],l=function(p){o===1&&(p||(i=i.replace(/^\s*\n\s*|\s*\n\s*$/g,"")))?d.push(0,p,i):o===3&&(p||i)?(d.push(3,p,i),o=2):o===2&&i==="..."&&p?d.push(4,p,0):o===2&&i&&!p?d.push(5,0,!0,i):o>=5&&((i||!p&&o===5)&&(d.push(o,0,i,s),o=6),p&&(d.push(o,p,0,s),o=6)),i=""},u=0;u<n.length;u++){u&&(o===1&&l(),l(u));for(var c=0;c<n[u].length;c++)r=n[u][c],o===1?r==="<"?(l(),d=[d],o=3):i+=r:o===4?i==="--"&&r===">"?(o=1,i=""):i=r+i[0]:a?r===a?a="":i+=r:r==='"'||r==="'"?a=r:r===">"?(l(),o=1):o&&(r==="="?(o=5,s=i,i=""):r==="/"&&(o<5||n[u][c+1]===">")?(l(),o===3&&(d=d[0]),o=d,(d=d[0]).push(2,0,o),o=0):r===" "||r==="	"||r===`
`||r==="\r"?(l(),o=2):i+=r),o===3&&i==="!--"&&(o=4,d=d[0])}return l(),d})(e)),t),arguments,[])).length>1?t:t[0]}var f=bn.bind(Ee);var he,T,Rt,_n,Oe=0,Sn=[],C=$,kn=C.__b,wn=C.__r,vn=C.diffed,$n=C.__c,xn=C.unmount,Rn=C.__;function St(e,t){C.__h&&C.__h(T,e,Oe||t),Oe=0;var n=T.__H||(T.__H={__:[],__h:[]});return e>=n.__.length&&n.__.push({}),n.__[e]}function v(e){return Oe=1,ao(Tn,e)}function ao(e,t,n){var r=St(he++,2);if(r.t=e,!r.__c&&(r.__=[n?n(t):Tn(void 0,t),function(a){var d=r.__N?r.__N[0]:r.__[0],l=r.t(d,a);d!==l&&(r.__N=[l,r.__[1]],r.__c.setState({}))}],r.__c=T,!T.__f)){var s=function(a,d,l){if(!r.__c.__H)return!0;var u=r.__c.__H.__.filter(function(p){return!!p.__c});if(u.every(function(p){return!p.__N}))return!o||o.call(this,a,d,l);var c=r.__c.props!==a;return u.forEach(function(p){if(p.__N){var m=p.__[0];p.__=p.__N,p.__N=void 0,m!==p.__[0]&&(c=!0)}}),o&&o.call(this,a,d,l)||c};T.__f=!0;var o=T.shouldComponentUpdate,i=T.componentWillUpdate;T.componentWillUpdate=function(a,d,l){if(this.__e){var u=o;o=void 0,s(a,d,l),o=u}i&&i.call(this,a,d,l)},T.shouldComponentUpdate=s}return r.__N||r.__}function L(e,t){var n=St(he++,3);!C.__s&&En(n.__H,t)&&(n.__=e,n.u=t,T.__H.__h.push(n))}function ye(e){return Oe=5,lo(function(){return{current:e}},[])}function lo(e,t){var n=St(he++,7);return En(n.__H,t)&&(n.__=e(),n.__H=t,n.__h=e),n.__}function co(){for(var e;e=Sn.shift();)if(e.__P&&e.__H)try{e.__H.__h.forEach(Ae),e.__H.__h.forEach(Pt),e.__H.__h=[]}catch(t){e.__H.__h=[],C.__e(t,e.__v)}}C.__b=function(e){T=null,kn&&kn(e)},C.__=function(e,t){e&&t.__k&&t.__k.__m&&(e.__m=t.__k.__m),Rn&&Rn(e,t)},C.__r=function(e){wn&&wn(e),he=0;var t=(T=e.__c).__H;t&&(Rt===T?(t.__h=[],T.__h=[],t.__.forEach(function(n){n.__N&&(n.__=n.__N),n.u=n.__N=void 0})):(t.__h.forEach(Ae),t.__h.forEach(Pt),t.__h=[],he=0)),Rt=T},C.diffed=function(e){vn&&vn(e);var t=e.__c;t&&t.__H&&(t.__H.__h.length&&(Sn.push(t)!==1&&_n===C.requestAnimationFrame||((_n=C.requestAnimationFrame)||uo)(co)),t.__H.__.forEach(function(n){n.u&&(n.__H=n.u),n.u=void 0})),Rt=T=null},C.__c=function(e,t){t.some(function(n){try{n.__h.forEach(Ae),n.__h=n.__h.filter(function(r){return!r.__||Pt(r)})}catch(r){t.some(function(s){s.__h&&(s.__h=[])}),t=[],C.__e(r,n.__v)}}),$n&&$n(e,t)},C.unmount=function(e){xn&&xn(e);var t,n=e.__c;n&&n.__H&&(n.__H.__.forEach(function(r){try{Ae(r)}catch(s){t=s}}),n.__H=void 0,t&&C.__e(t,n.__v))};var Pn=typeof requestAnimationFrame=="function";function uo(e){var t,n=function(){clearTimeout(r),Pn&&cancelAnimationFrame(t),setTimeout(e)},r=setTimeout(n,35);Pn&&(t=requestAnimationFrame(n))}function Ae(e){var t=T,n=e.__c;typeof n=="function"&&(e.__c=void 0,n()),T=t}function Pt(e){var t=T;e.__c=e.__(),T=t}function En(e,t){return!e||e.length!==t.length||t.some(function(n,r){return n!==e[r]})}function Tn(e,t){return typeof t=="function"?t(e):t}var ae=class{constructor(t){this.responsePromise=t}responsePromise;parsed;[Symbol.toStringTag]="APIPromise";withResponse(){return this.responsePromise}body(){return this.parsed??=this.responsePromise.then(t=>t.data),this.parsed}then(t,n){return this.body().then(t,n)}catch(t){return this.body().catch(t)}finally(t){return this.body().finally(t)}};var x=class{constructor(t){this._client=t}_client};function Cn(){let e=globalThis;if(e.process?.env)return e.process.env;try{return e.Deno?.env?.toObject?.()??{}}catch{return{}}}var y=class extends Error{name="ClientError"},E=class e extends y{name="APIError";status;code;param;requestId;headers;body;retryAfterMs;constructor(t,n,r,s,o){let i=mo(n),a=i.requestId??(o?s?.get(o)??null:null);super(e.describe(t,i.code,i.message??r,a)),this.status=t,this.code=i.code,this.param=i.param,this.requestId=a,this.headers=s,this.body=n,this.retryAfterMs=s?Et(s):null}static describe(t,n,r,s){let o=[t,n].filter(a=>a!=null).join(" "),i=r??(t?"request failed":"no response");return`${o?`${o}: `:""}${i}${s?` (request_id ${s})`:""}`}static generate(t,n,r,s){let o=i=>new i(t,n,void 0,r,s);return t===400?o(qe):t===401?o(Ie):t===403?o(Me):t===404?o(Le):t===409?o(je):t===422?o(De):t===429?o(Ue):t>=500?o(He):o(e)}},qe=class extends E{name="BadRequestError"},Ie=class extends E{name="AuthenticationError"},Me=class extends E{name="PermissionDeniedError"},Le=class extends E{name="NotFoundError"},je=class extends E{name="ConflictError"},De=class extends E{name="UnprocessableEntityError"},Ue=class extends E{name="RateLimitError";retryAfter;constructor(t,n,r,s,o){super(t,n,r,s,o),this.retryAfter=this.retryAfterMs===null?null:Math.ceil(this.retryAfterMs/1e3)}},He=class extends E{name="InternalServerError"},U=class extends E{name="APIConnectionError";constructor(t="Connection error.",n){super(void 0,void 0,t,void 0),n?.cause!==void 0&&(this.cause=n.cause)}},de=class extends U{name="APIConnectionTimeoutError";constructor(t,n="Request timed out"){super(`${n} after ${t} ms.`)}},O=class extends E{name="APIUserAbortError";constructor(){super(void 0,void 0,"Request was aborted.",void 0)}},ge=class extends y{name="ValidationError";issues;operation;constructor(t,n,r){super(`${t}: ${n}: ${po(r)}`),this.operation=t,this.issues=r}},le=class extends ge{name="RequestValidationError";part;value;constructor(t,n,r,s){super(t,`${n==="body"?"the request's body breaks":"the request's query parameters break"} the schema`,s),this.part=n,this.value=r}},ce=class extends ge{name="ResponseValidationError";status;body;headers;requestId;constructor(t,n,r){super(t,`the ${n.status} response breaks the schema`,r),this.status=n.status,this.body=n.body,this.headers=n.headers,this.requestId=n.requestId}};function po(e){let t=e.slice(0,3).map(r=>{let s=(r.path??[]).map(o=>String(typeof o=="object"?o.key:o)).join(".");return s?`${s}: ${r.message}`:r.message}),n=e.length>t.length?` (and ${e.length-t.length} more)`:"";return`${t.join("; ")}${n}`}function mo(e){let t=e&&typeof e=="object"?e:{},n=Array.isArray(t.errors)?t.errors[0]:void 0,s=(t.error&&typeof t.error=="object"?t.error:n&&typeof n=="object"?n:void 0)??t,o=a=>typeof a=="string"&&a?a:null,i=o(s.type)==="about:blank"?null:o(s.type);return{code:o(s.code)??i??o(t.error),message:o(s.message)??o(s.detail)??o(s.error_description)??o(s.title)??o(t.message)??void 0,param:o(s.param),requestId:o(s.request_id)??o(t.request_id)}}function Et(e,t=Date.now()){let n=e.get("retry-after-ms")?.trim();return n&&/^\d+(\.\d+)?$/.test(n)?Number(n):fo(e.get("retry-after"),t)}function fo(e,t=Date.now()){if(e==null||e.trim()==="")return null;if(/^\d+$/.test(e.trim()))return Number(e.trim())*1e3;let n=Date.parse(e);return Number.isNaN(n)?null:Math.max(0,n-t)}function Ct(e,t){return t.find(n=>e.startsWith(n.prefix))}function We(){let e=globalThis;return typeof e.window<"u"&&typeof e.document<"u"}var Tt=class extends y{name="SecretKeyInBrowserError";constructor(t){super(`Refusing to use a secret key (${t}\u2026) in a browser: anyone who opens the page could copy it. Use a publishable (pk_) key in client-side code and keep secret keys on your server.`)}};function An(e,t,n=We()){let r=Ct(e,t);if((r?r.type==="secret":/(^|_)sk_/.test(e))&&n)throw new Tt(r?.prefix??e.slice(0,e.indexOf("sk_")+3))}function j(e,t){return Object.hasOwn(e,t)?e[t]:void 0}var ho={path:"simple",query:"form",header:"simple",cookie:"form"};function Be(e){let t=e.style??ho[e.in];return{style:t,explode:e.explode??t==="form"}}function W(e){return e instanceof Date?e.toISOString():typeof e=="string"?e:typeof e=="number"||typeof e=="boolean"||typeof e=="bigint"?String(e):JSON.stringify(e)}function Ke(e,t){if(t==null)return;if(e.json)return{kind:"primitive",text:JSON.stringify(t)};let n=e.shape==="unknown"||e.shape===void 0?Array.isArray(t)?"array":At(t)?"object":"primitive":e.shape;if(n==="array"){let r=(Array.isArray(t)?t:[t]).filter(s=>s!=null);return r.length===0?void 0:{kind:"array",items:r.map(W)}}if(n==="object"&&At(t)){let r=Object.entries(t).filter(([,s])=>s!=null).map(([s,o])=>[s,W(o)]);return r.length===0?void 0:{kind:"object",entries:r}}return{kind:"primitive",text:W(t)}}function At(e){if(!e||typeof e!="object"||Array.isArray(e)||e instanceof Date)return!1;let t=Object.getPrototypeOf(e);return t===Object.prototype||t===null}var On=e=>`%${e.charCodeAt(0).toString(16).toUpperCase().padStart(2,"0")}`;function be(e,t=""){let n=encodeURIComponent(e).replace(/[!'()*]/g,On);for(let r of t)/[A-Za-z0-9\-._~]/.test(r)&&(n=n.split(r).join(On(r)));return n}function B(e,t=!1,n=""){let r=be(e).replace(/%20/g,"+");return t&&(r=r.replace(/%(3A|2F|3F|40|21|24|27|28|29|2A|2C|3B)/g,s=>n.includes(decodeURIComponent(s))?s:decodeURIComponent(s))),r}var Ot=e=>e;function te(e,t,n=B){let r=Ke(e,t);if(!r)return[];let{style:s,explode:o}=Be(e),i=e.allowReserved===!0,a=(m,g="")=>n(m,!1,g),d=(m,g="")=>n(m,i,g),l=a(e.name,"[]");if(r.kind==="primitive")return[[l,d(r.text)]];if(s==="deepObject"){let m=[],g=(w,k)=>{if(w!=null)if(Array.isArray(w))w.forEach((b,h)=>g(b,`${k}[${h}]`));else if(At(w))for(let[b,h]of Object.entries(w))g(h,`${k}[${a(b,"[]")}]`);else m.push([k,d(W(w))])};return g(r.kind==="array"&&!Array.isArray(t)?[t]:t,l),m}if(o&&(s==="form"||s==="spaceDelimited"||s==="pipeDelimited"))return r.kind==="array"?r.items.map(m=>[l,d(m)]):r.entries.map(([m,g])=>[a(m),d(g)]);let[u,c]=s==="spaceDelimited"?[n===Ot?" ":"%20"," "]:s==="pipeDelimited"?["|","|"]:[",",","],p=r.kind==="array"?r.items:r.entries.flat();return[[l,p.map(m=>d(m,c)).join(u)]]}function qn(e,t){return e.filter(n=>n.in==="query").flatMap(n=>te(n,j(t,n.name))).map(([n,r])=>`${n}=${r}`).join("&")}function yo(e,t,n=""){let r=Ke(e,t);if(!r)throw new y(`Missing path parameter "${e.name}".`);let{style:s,explode:o}=Be(e),i=n.charAt(0)==="/"?"":n.charAt(0),a=s==="label"?`.${i}`:s==="matrix"?`;=,${i}`:`,${i}`,d=c=>be(c,a);if(r.kind==="primitive"&&r.text===""&&s==="simple")throw new y(`Missing path parameter "${e.name}".`);if(s==="matrix"){let c=d(e.name);return r.kind==="primitive"?`;${c}${r.text===""?"":`=${d(r.text)}`}`:r.kind==="array"?o?r.items.map(p=>`;${c}=${d(p)}`).join(""):`;${c}=${r.items.map(d).join(",")}`:o?r.entries.map(([p,m])=>`;${d(p)}=${d(m)}`).join(""):`;${c}=${r.entries.flat().map(d).join(",")}`}let l=s==="label"?".":"",u=s==="label"&&o?".":",";return r.kind==="primitive"?`${l}${d(r.text)}`:r.kind==="array"?`${l}${r.items.map(d).join(u)}`:`${l}${r.entries.map(([c,p])=>o?`${d(c)}=${d(p)}`:`${d(c)},${d(p)}`).join(u)}`}function In(e,t,n){let r=e.replace(/[?#].*$/s,"").split(/(\{[^}]+\})/),s=0,i=r.map((a,d)=>{let l=/^\{([^}]+)\}$/.exec(a);if(!l)return a;let u=t.find(p=>p.in==="path"&&p.name===l[1])??{name:l[1],in:"path"},c=n[s++];if(c==null||c==="")throw new y(`Missing path parameter "${l[1]}" for ${e}.`);return yo(u,c,r[d+1]??"")}).join("");if(i.split("/").some(a=>a==="."||a===".."))throw new y(`A path parameter of ${e} makes a "." or ".." segment, which URLs resolve away.`);return i}function Mn(e,t){let n=Ke(e,t);if(!n)return;let{explode:r}=Be(e),s=n.kind==="primitive"?n.text:n.kind==="array"?n.items.join(","):n.entries.map(([o,i])=>r?`${o}=${i}`:`${o},${i}`).join(",");if(/[^\t\x20-\x7E]/.test(s))throw new y(`Header parameter "${e.name}" must be printable ASCII; got ${JSON.stringify(s.slice(0,40))}.`);return s}function Ln(e,t){let n=Ke(e,t);if(!n)return[];let{explode:r}=Be(e),s=i=>be(i,","),o=be(e.name);return n.kind==="primitive"?[`${o}=${s(n.text)}`]:n.kind==="array"?r?n.items.map(i=>`${o}=${s(i)}`):[`${o}=${n.items.map(s).join(",")}`]:r?n.entries.map(([i,a])=>`${be(i)}=${s(a)}`):[`${o}=${n.entries.flat().map(s).join(",")}`]}var Ne={debug:10,info:20,warn:30,error:40,off:50},qt=Object.keys(Ne),Dn="warn";function It(e,t){if(e===void 0||e.trim()==="")return;let n=e.trim().toLowerCase();if(n in Ne)return n;throw new y(`${t} is ${JSON.stringify(e.slice(0,40))}; expected one of ${qt.join(", ")}.`)}var go=new Set(["authorization","proxy-authorization","cookie","set-cookie","x-api-key","api-key"]),Un="[redacted]";function bo(e,t=[]){let n=new Set(t.map(r=>r.toLowerCase()));return Object.fromEntries(Object.entries(e).map(([r,s])=>[r,go.has(r.toLowerCase())||n.has(r.toLowerCase())?Un:s]))}function _o(e,t){if(t.length===0||!e.includes("?"))return e;let[n,r]=e.split("?",2),s=new Set(t.map(o=>encodeURIComponent(o)));return`${n}?${r.split("&").map(o=>s.has(o.split("=",1)[0])?`${o.split("=",1)[0]}=${Un}`:o).join("&")}`}var Fe=class{constructor(t,n){this.level=t;this.logger=n}level;logger;enabled(t){return Ne[t]>=Ne[this.level]}log(t,n,r){if(this.enabled(t))try{r===void 0?this.logger[t](n):this.logger[t](n,r)}catch(s){throw new y(`The logger's ${t}() threw: ${s?.message??String(s)}`,{cause:s})}}},ko=/auth|key|secret|token|cookie|session|password|signature/i;function Hn(e,t,n,r,s,o,i,a){if(!e.enabled("debug"))return;let d=_o(n,s?.kind==="query"?[s.name]:[]),l=a.status===null?`failed (${a.error})`:String(a.status),u=a.retry?`; retrying in ${a.waitMs} ms (${a.reason})`:a.reason?`; not retried (${a.reason})`:"",c=Object.keys(r).filter(m=>/idempotency/i.test(m)),p=Object.keys(r).filter(m=>ko.test(m)&&!c.includes(m));(s?.kind==="header"||s?.kind==="cookie")&&p.push(s.name),s?.kind==="cookie"&&s.csrfHeader&&p.push(s.csrfHeader),e.log("debug",`${t} ${d} \u2192 ${l} in ${a.elapsedMs} ms${a.requestId?` (${a.requestId})`:""}, attempt ${o+1} of ${i+1}${u}`,{method:t,url:d,attempt:o+1,status:a.status,requestId:a.requestId??null,elapsedMs:a.elapsedMs,retry:a.retry,...a.retry?{waitMs:a.waitMs}:{},...a.reason?{reason:a.reason}:{},requestHeaders:bo(r,p)})}var jn=new Set;function Wn(e,t,n){let r=`${t.method.toUpperCase()} ${t.path}`,s=t.deprecated?[`${r} is deprecated`]:[];for(let o of t.params)o.deprecated&&(o.in==="path"||j(n,o.name)!==void 0)&&s.push(`The ${o.in} parameter ${o.name} of ${r} is deprecated`);for(let o of s)jn.has(o)||!e.enabled("warn")||(jn.add(o),e.log("warn",`${o} in the API this client was generated from; it may be removed.`))}var Ve=class{async*iterPages(){let t=this;for(yield t;t.hasNextPage();)t=await t.getNextPage(),yield t}async*[Symbol.asyncIterator](){for await(let t of this.iterPages())yield*t.data}},Xe=class extends Ve{constructor(n,r,s,o){super();this.spec=n;this.params=r;this.fetchPage=s;this.body=o&&typeof o=="object"?o:{};let i=this.body[n.dataField];this.data=Array.isArray(i)?i:[],this.hasMore=this.body[n.hasMoreField]===!0,this.nextCursor=Bn(this.body[n.nextCursorField]),this.previousCursor=n.previousCursorField?Bn(this.body[n.previousCursorField]):null,this.direction=n.backwardParam&&j(r,n.backwardParam)!==void 0?"backward":"forward"}spec;params;fetchPage;data;hasMore;nextCursor;previousCursor;direction;body;hasNextPage(){return this.direction==="forward"?this.hasMore&&this.nextCursor!==null&&this.nextCursor!==j(this.params,this.spec.forwardParam):this.hasPreviousPage()}hasPreviousPage(){return!this.spec.backwardParam||this.previousCursor===null||this.direction==="backward"&&this.previousCursor===j(this.params,this.spec.backwardParam)?!1:this.direction==="backward"?this.hasMore:!0}async getNextPage(){if(this.direction==="backward")return this.getPreviousPage();if(!this.nextCursor)throw new y("No next page: this is the last one (has_more is false).");return(await this.fetchPage(this.neighbourParams(this.spec.forwardParam,this.nextCursor))).data}async getPreviousPage(){if(!this.spec.backwardParam)throw new y("This list cannot be paged backward.");if(!this.previousCursor)throw new y("No previous page: this is the first one.");return(await this.fetchPage(this.neighbourParams(this.spec.backwardParam,this.previousCursor))).data}neighbourParams(n,r){let s={...this.params,[n]:r};for(let o of[this.spec.forwardParam,this.spec.backwardParam])o&&o!==n&&delete s[o];return s}},_e=class extends ae{async*[Symbol.asyncIterator](){yield*await this}};function Bn(e){return typeof e=="string"&&e!==""?e:null}var Ge=class extends Ve{constructor(n,r,s,o,i,a,d){super();this.fetchPage=s;this.url=a;this.body=o;let l=Mt(o,n.items),u=Array.isArray(l)?l:[];this.itemsKey=JSON.stringify(u);let c=n.style==="link"||n.linkHeader!==void 0,p=wo(n,r,o,u.length,i),m=this.nextUrl(p),g=c?`${this.itemsKey}
${m??""}`:void 0,w=u.length>0&&d!==void 0&&(this.itemsKey===d.itemsKey||g!==void 0&&g===d.firstPageKey);this.data=w?[]:u,this.firstPageKey=d?d.firstPageKey:g,this.asked=c?{url:Kn(a),before:d?.asked}:void 0;let k=!1;for(let b=this.asked;m&&b&&!k;b=b.before)k=b.url===m;this.next=w||k?null:p}fetchPage;url;data;body;itemsKey;firstPageKey;asked;next;nextPageRequest(){return this.next&&structuredClone(this.next)}nextUrl(n){if(!(!n||!("url"in n)))try{return Kn(new URL(n.url,this.url).href)}catch{return}}hasNextPage(){return this.next!==null}async getNextPage(){let n=this.next;if(!n)throw new y("No next page: this is the last one.");return(await this.fetchPage(n,{itemsKey:this.itemsKey,firstPageKey:this.firstPageKey,asked:this.asked})).data}};function Kn(e){let t=e.indexOf("#");return t<0?e:e.slice(0,t)}function wo(e,t,n,r,s){if(r===0)return null;let o=()=>{let a=e.nextField?Mt(n,e.nextField):e.linkHeader?vo(s.get(e.linkHeader)??"").find(d=>d.rel.includes("next"))?.uri:void 0;return typeof a=="string"&&a!==""?{url:a}:null};if(e.style==="link"||e.linkHeader)return o();let i=(a,d)=>{let l=a===void 0?void 0:Number(j(t,a)??d);return l!==void 0&&Number.isFinite(l)?l:void 0};if(e.style==="offset"){let a=(i(e.offsetParam,0)??0)+r,d=e.totalField?Mt(n,e.totalField):void 0;return typeof d=="number"&&a>=d?null:{params:{...t,[e.offsetParam]:a}}}return{params:{...t,[e.pageParam]:(i(e.pageParam,e.firstPage??1)??1)+1}}}function Mt(e,t){let n=e;for(let r of t)n=n&&typeof n=="object"&&!Array.isArray(n)?n[r]:void 0;return n}function vo(e){let t=[],n=0,r=o=>{for(;n<e.length&&o.test(e[n]);)n+=1},s=()=>{let o=!1;for(;n<e.length;n+=1){let i=e[n];if(o&&i==="\\")n+=1;else if(i==='"')o=!o;else if(i===","&&!o)return}};for(;n<e.length&&(r(/[\s,]/),!(n>=e.length));){if(e[n]!=="<"){s();continue}let o=e.indexOf(">",n);if(o<0)break;let i={uri:e.slice(n+1,o).trim(),rel:[],params:{}};for(n=o+1;r(/[ \t]/),e[n]===";";){n+=1,r(/[ \t]/);let a=/^[!#$%&'*+.^_`|~0-9A-Za-z-]+/.exec(e.slice(n))?.[0];if(!a)break;n+=a.length,r(/[ \t]/);let d="";if(e[n]==="=")if(n+=1,r(/[ \t]/),e[n]==='"'){for(n+=1;n<e.length&&e[n]!=='"';n+=1)d+=e[n]==="\\"?e[++n]??"":e[n];n+=1}else d=/^[^,;\s]*/.exec(e.slice(n))[0],n+=d.length;let l=a.toLowerCase();Object.hasOwn(i.params,l)||(i.params[l]=d)}i.rel=(i.params.rel??"").toLowerCase().split(/\s+/).filter(Boolean),t.push(i),s()}return t}function Nn(e){let t="";for(let n of new TextEncoder().encode(e))t+=String.fromCharCode(n);return btoa(t)}var Fn=Symbol.for("openapi-client.part-headers");function F(e){return e&&typeof e=="object"&&Fn in e?{value:e.value,headers:e[Fn]}:{value:e,headers:{}}}function Y(e){return typeof Blob<"u"&&e instanceof Blob}function Je(e){return typeof ReadableStream<"u"&&e instanceof ReadableStream}function Lt(e){let t=F(e).value;return Y(t)||t instanceof ArrayBuffer||ArrayBuffer.isView(t)||Je(t)}function Vn(e){let t=e?.name;return Y(e)&&typeof t=="string"&&t!==""?t:void 0}async function $o(e){let t=[],n=e.getReader();for(;;){let{done:r,value:s}=await n.read();if(r)return t;t.push(s)}}async function Xn(e,t){return Y(e)?e.type||!t?e:e.slice(0,e.size,t):Je(e)?new Blob(await $o(e),{type:t}):ArrayBuffer.isView(e)?new Blob([new Uint8Array(e.buffer,e.byteOffset,e.byteLength)],{type:t}):e instanceof ArrayBuffer?new Blob([e],{type:t}):new Blob([String(e)],{type:t})}function Qn(e,t){return(e??"").split(",").map(r=>r.trim()).find(r=>r!==""&&!r.includes("*"))??t}function Gn(e){return`"${e.replace(/\r/g,"%0D").replace(/\n/g,"%0A").replace(/"/g,"%22")}"`}function xo(e,t){if(/[\r\n]/.test(e)||/[\r\n]/.test(t))throw new y(`Multipart part header ${JSON.stringify(e)} must not contain line breaks.`)}async function Ro(e,t,n){let{value:r,headers:s}=F(t),i=(Y(r)?r.type:"")||Qn(n?.contentType,"application/octet-stream");return{name:e,filename:Vn(r)??e,contentType:i,headers:s,content:await Xn(r,i)}}function Jn(e,t,n){let{value:r,headers:s}=F(t);return{name:e,...n?{contentType:n}:{},headers:s,content:W(r)}}function zn(e,t,n){let{value:r,headers:s}=F(t);return{name:e,contentType:Qn(n?.contentType,"application/json"),headers:s,content:JSON.stringify(r)}}async function Po(e,t,n){if(t==null)return[];if(n?.styled){let i={name:e,in:"query",style:n.style??"form",explode:n.explode??(n.style??"form")==="form",shape:n.shape==="file"||n.shape==="files"?"primitive":n.shape};return te(i,F(t).value,Ot).map(([a,d])=>Jn(a,d,void 0))}let r=n?.shape??(Lt(t)?"file":Array.isArray(t)?"array":typeof t=="object"&&!(t instanceof Date)?"object":"primitive"),s=n?.contentType&&!/^text\/plain\b/i.test(n.contentType)?n.contentType:void 0,o=async i=>{let a=F(i).value;return r==="file"||r==="files"||Lt(i)?Ro(e,i,n):a!==null&&typeof a=="object"&&!(a instanceof Date)||s&&/json/i.test(s)?zn(e,i,n):Jn(e,i,s)};return Array.isArray(t)&&(r==="files"||r==="array")?Promise.all(t.filter(i=>i!=null).map(o)):[await o(t)]}function Yn(){let e=new Uint8Array(16);return globalThis.crypto.getRandomValues(e),`----openapi-client-${Array.from(e,t=>t.toString(16).padStart(2,"0")).join("")}`}async function Zn(e,t=[]){let n=new Map(t.map(a=>[a.name,a])),r=[...t.map(a=>a.name).filter(a=>Object.hasOwn(e,a)),...Object.keys(e).filter(a=>!n.has(a))],s=(await Promise.all(r.map(a=>Po(a,e[a],n.get(a))))).flat(),o=Yn();for(;s.some(a=>typeof a.content=="string"&&a.content.includes(o));)o=Yn();let i=[];for(let a of s){let d=[`--${o}`,`Content-Disposition: form-data; name=${Gn(a.name)}${a.filename!==void 0?`; filename=${Gn(a.filename)}`:""}`];a.contentType&&d.push(`Content-Type: ${a.contentType}`);for(let[l,u]of Object.entries(a.headers))xo(l,u),d.push(`${l}: ${u}`);i.push(`${d.join(`\r
`)}\r
\r
`,a.content,`\r
`)}return i.push(`--${o}--\r
`),{body:new Blob(i),contentType:`multipart/form-data; boundary=${o}`}}function nr(e,t){if(t==null)return e[0];let n=e.find(r=>r.mediaType.toLowerCase()===String(t).toLowerCase());if(!n)throw new y(`This operation does not take ${String(t)}; it takes ${e.map(r=>r.mediaType).join(", ")}.`);return n}function So(e,t=[]){let n=new Map(t.map(s=>[s.name,s]));return[...t.map(s=>s.name).filter(s=>Object.hasOwn(e,s)),...Object.keys(e).filter(s=>!n.has(s))].flatMap(s=>{let o=n.get(s),i=e[s];if(o?.styled){let l=o.style??"form",u={name:s,in:"query",style:l,explode:o.explode??l==="form",shape:o.shape==="file"||o.shape==="files"?"primitive":o.shape,...o.allowReserved?{allowReserved:!0}:{}};return te(u,i)}if(o?.shape==="unknown"&&o.contentType&&/json/i.test(o.contentType))return i==null?[]:te({name:s,in:"query"},JSON.stringify(i));let a=l=>l!==null&&typeof l=="object"&&!(l instanceof Date)?JSON.stringify(l):W(l);return(Array.isArray(i)?i:[i]).filter(l=>l!=null).flatMap(l=>te({name:s,in:"query"},a(l)))}).map(([s,o])=>`${s}=${o}`).join("&")}function er(e,t){return e.includes("*")?Y(t)&&t.type||"application/octet-stream":e}async function jt(e,t){let n=F(t).value;switch(e.kind){case"multipart":{if(!n||typeof n!="object"||Array.isArray(n))throw new y("A multipart/form-data body is an object whose properties are its parts.");let{body:r,contentType:s}=await Zn(n,e.parts);return{body:r,contentType:s,replayable:!0}}case"form":if(!n||typeof n!="object"||Array.isArray(n))throw new y("A form-urlencoded body is an object whose properties are its fields.");return{body:So(n,e.parts),contentType:e.mediaType,replayable:!0};case"text":return{body:W(n),contentType:e.mediaType,replayable:!0};case"binary":case"event-stream":case"ndjson":{if(Je(n))return{body:n,contentType:er(e.mediaType,n),replayable:!1};if(Y(n)||n instanceof ArrayBuffer||ArrayBuffer.isView(n)||typeof n=="string")return{body:n,contentType:er(e.mediaType,n),replayable:!0};throw new y(`A ${e.mediaType} body is a Blob, bytes (Uint8Array, ArrayBuffer), a ReadableStream or a string.`)}default:return{body:JSON.stringify(n),contentType:e.mediaType,replayable:!0}}}var tr={gzip:"gzip","x-gzip":"gzip",deflate:"deflate"};async function rr(e,t,n){let r=n?.trim().toLowerCase();if(r===void 0||r===""||r==="identity"||t.kind==="binary"||t.kind==="event-stream"||t.kind==="ndjson")return e;let s=Object.hasOwn(tr,r)?tr[r]:void 0;if(!s)throw new y(`This client compresses a ${t.mediaType} body with gzip or deflate, not ${JSON.stringify(r)}: send another Content-Encoding, or none.`);let o=new Response(e.body).body.pipeThrough(new CompressionStream(s));return{...e,body:new Uint8Array(await new Response(o).arrayBuffer())}}function or(){let e=globalThis.crypto;return e?.randomUUID?e.randomUUID():`${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`}function Dt(e,t,n,r,s,o,i=!0){let a=In(t.path,t.params,n),d=[qn(t.params,r),Co(s)].filter(Boolean).join("&");t.match?.in==="query"&&(d=`${B(t.match.name)}=${B(t.match.value)}${d?`&${d}`:""}`);let l=t.auth;return i&&l?.kind==="query"&&e.apiKey&&(d=`${d?`${d}&`:""}${B(l.name)}=${B(e.apiKey)}`),`${o!==void 0?o.replace(/\/+$/,""):t.baseURL!==void 0?To(t.baseURL,e.baseURL):e.baseURL}${a}${d?`?${d}`:""}`}function sr(e,t,n,r,s){let o={accept:s,"user-agent":e.config.userAgent,...Ao(e.defaultHeaders)},i=[],a=t.auth;e.apiKey&&a?.kind==="bearer"&&(o.authorization=`Bearer ${e.apiKey}`),e.apiKey&&a?.kind==="basic"&&(o.authorization=`Basic ${Nn(e.apiKey)}`),e.apiKey&&a?.kind==="header"&&(o[a.name.toLowerCase()]=e.apiKey),a?.kind==="cookie"&&(e.apiKey&&i.push(`${a.name}=${e.apiKey}`),a.csrfHeader&&e.csrfToken&&(o[a.csrfHeader.toLowerCase()]=e.csrfToken)),e.config.specDigest&&(o[e.config.specDigest.header.toLowerCase()]=e.config.specDigest.value),t.match?.in==="header"&&(o[t.match.name.toLowerCase()]=t.match.value);for(let d of t.params)if(d.in==="header"){let l=d.name.toLowerCase(),u=Mn(d,j(n,d.name));u!==void 0?o[l]=u:d.whenAbsent!==void 0&&!Object.hasOwn(o,l)&&(o[l]=d.whenAbsent)}else d.in==="cookie"&&i.push(...Ln(d,j(n,d.name)));if(t.idempotencyHeader)o[t.idempotencyHeader.toLowerCase()]=r.idempotencyKey??or();else if(r.idempotencyKey!==void 0)throw new y(`${t.method.toUpperCase()} ${t.path} takes no idempotency key: the API declares no idempotency header for it.`);for(let[d,l]of Object.entries(r.headers??{}))l===null?delete o[d.toLowerCase()]:o[d.toLowerCase()]=l;if(i.length>0){if(We()&&!e.config.auth.cookieSession)throw new y("Cookie parameters cannot be sent from a browser: the browser sends its own cookies.");We()||(o.cookie=[...i,...o.cookie?[o.cookie]:[]].join("; "))}return o}var Eo={mediaType:"application/json",kind:"json",mode:"merged"};function ir(e,t,n){if(n&&["GET","HEAD"].includes(e.method.toUpperCase()))throw new y(`A ${e.method.toUpperCase()} request has no body: pass extra fields as \`query\`.`);if(!e.bodies||e.bodies.length===0)return n?{spec:Eo,value:n}:void 0;let r=nr(e.bodies,e.mediaTypeKey?j(t,e.mediaTypeKey):void 0),s;if(r.mode==="property")s=t.body;else{let o=new Set([...e.params.filter(a=>a.in!=="path").map(a=>a.name),...e.mediaTypeKey?[e.mediaTypeKey]:[]]),i=Object.fromEntries(Object.entries(t).filter(([a])=>!o.has(a)));s=Object.keys(i).length>0||e.bodyRequired?i:void 0}if(n){let o=s??{};if(!["json","form","multipart"].includes(r.kind)||typeof o!="object"||o===null||Array.isArray(o))throw new y(`Extra body fields need an object body; this call sends ${r.mediaType}.`);s={...o,...n}}return s===void 0?void 0:{spec:r,value:s}}function ar(e,t){let n=new URL(e,t);if(n.origin!==new URL(t).origin)throw new y(`The next page's URL is on ${n.origin}, not ${new URL(t).origin}: not sent with this client's credentials.`);return n.hash="",n.href}function dr(e,t,n){let r=t.auth;if(r?.kind!=="query"||!e)return n;let{search:s,searchParams:o}=new URL(n);return o.has(r.name)?n:`${n}${s?"&":"?"}${B(r.name)}=${B(e)}`}function To(e,t){if(/^[a-z][a-z0-9+.-]*:/i.test(e))return e;try{return new URL(e,t.endsWith("/")?t:`${t}/`).href.replace(/\/+$/,"")}catch{return e}}function Co(e){return e?Object.entries(e).flatMap(([t,n])=>(Array.isArray(n)?n:[n]).filter(r=>r!=null).map(r=>`${B(t)}=${B(typeof r=="object"&&!(r instanceof Date)?JSON.stringify(r):W(r))}`)).join("&"):""}function Ao(e){return Object.fromEntries(Object.entries(e).map(([t,n])=>[t.toLowerCase(),n]))}var ze=class{#e="";#t=[];#r;#o;#s;#n=!0;#i=!1;lastEventId;retry;push(t){this.#n&&(t=t.replace(/^\uFEFF/,""),this.#n=t===""&&this.#n),this.#i&&t.startsWith(`
`)&&(t=t.slice(1)),this.#i=!1;let n=[],r=this.#e+t;for(;;){let s=/\r\n|\r|\n/.exec(r);if(!s)break;s[0]==="\r"&&s.index===r.length-1&&(this.#i=!0);let o=r.slice(0,s.index);r=r.slice(s.index+s[0].length);let i=this.#a(o);i&&n.push(i)}return this.#e=r,n}end(){this.#e="",this.#l()}#a(t){if(t==="")return this.#d();if(t.startsWith(":"))return;let n=t.indexOf(":"),r=n===-1?t:t.slice(0,n),s=n===-1?"":t.slice(n+1);switch(s.startsWith(" ")&&(s=s.slice(1)),r){case"event":this.#r=s;break;case"data":this.#t.push(s);break;case"id":s.includes("\0")||(this.#o=s,this.lastEventId=s);break;case"retry":/^\d+$/.test(s)&&(this.#s=Number(s),this.retry=this.#s);break;default:break}}#d(){let t=this.#t.length>0?{...this.#r?{event:this.#r}:{},data:this.#t.join(`
`),...this.#o!==void 0?{id:this.#o}:{},...this.#s!==void 0?{retry:this.#s}:{}}:void 0;return this.#l(),t}#l(){this.#t=[],this.#r=void 0,this.#o=void 0,this.#s=void 0}};async function*lr(e,t){if(!e.body)return;let n=e.body.getReader(),r=new TextDecoder("utf-8"),s=()=>{n.cancel().catch(()=>{})};t.addEventListener("abort",s,{once:!0});try{for(;;){let i;try{i=await n.read()}catch(a){throw t.aborted?new O:a instanceof E?a:new U(`The stream broke off: ${a?.message??String(a)}`,{cause:a})}if(t.aborted)throw new O;if(i.done)break;yield r.decode(i.value,{stream:!0})}let o=r.decode();o&&(yield o)}finally{t.removeEventListener("abort",s),n.releaseLock()}}var ke=class e{constructor(t,n,r){this.iterate=t;this.response=r;this.controller=n}iterate;response;controller;#e=!1;abort(){this.controller.abort()}async*[Symbol.asyncIterator](){if(this.#e)throw new Error("A stream can be iterated once.");this.#e=!0;let t=!1;try{yield*this.iterate(this.controller.signal),t=!0}finally{t||this.controller.abort()}}async toArray(){let t=[];for await(let n of this)t.push(n);return t}static fromSSE(t,n,r,s={}){async function*o(a){let d=new ze,l=t,u=0;for(;;)try{for await(let c of lr(l,a))for(let p of d.push(c))u=0,yield{...p,data:i(p.data)};d.end();return}catch(c){if(!(s.reconnect&&c instanceof U&&d.lastEventId!==void 0&&u<(s.maxReconnects??3)))throw c;u+=1,d.end(),await Oo(d.retry??1e3,a),l=await s.reconnect(d.lastEventId)}}let i=a=>{try{return r(a)}catch{throw new E(t.status,a.slice(0,200),"An event's data was not the JSON the spec declares.",t.headers)}};return new e(o,n,t)}static fromNDJSON(t,n){async function*r(s){let o="",i=a=>{try{return JSON.parse(a)}catch{throw new E(t.status,a.slice(0,200),"A line of the stream was not JSON.",t.headers)}};for await(let a of lr(t,s)){o+=a;let d=o.split(`
`);o=d.pop()??"";for(let l of d)l.trim()!==""&&(yield i(l.replace(/\r$/,"")))}o.trim()!==""&&(yield i(o))}return new e(r,n,t)}};function Oo(e,t){return new Promise((n,r)=>{if(t.aborted)return r(new O);let s=setTimeout(()=>{t.removeEventListener("abort",o),n()},e),o=()=>{clearTimeout(s),r(new O)};t.addEventListener("abort",o,{once:!0})})}var Ye=e=>e.split(";")[0].trim().toLowerCase();function qo(e,t){let[n,r]=Ye(e).split("/"),[s,o]=Ye(t).split("/");return(n==="*"||n===s)&&(r==="*"||r===o)}function Ut(e,t){if(!e||e.length===0)return;if(t===void 0)return e[0];let n=e.find(r=>Ye(r.mediaType)===Ye(t));if(!n)throw new y(`This operation answers ${e.map(r=>r.mediaType).join(", ")}; it cannot answer ${t}.`);return n}async function Qe(e){if(e.status===204||e.status===205)return;let t=await e.text();if(t==="")return;let n=e.headers.get("content-type")??"";if(/json/i.test(n))try{return JSON.parse(t)}catch{throw new E(e.status,t,`Response claimed ${n} but was not JSON.`,e.headers)}return t}function Ht(e,t,n,r){if(!t||t.length===0||r==="HEAD"||e.status===204||e.status===205)return;let s=e.headers.get("content-type");return(s?t.find(o=>qo(o.mediaType,s)):void 0)??n??t[0]}function cr(e){return e!==void 0&&!["json","text","form"].includes(e.kind)}async function ur(e,t,n){if(t===void 0)return e.status===204||e.status===205?void 0:Qe(e);switch(t.kind){case"json":return Qe(e);case"text":case"form":return e.text();case"event-stream":return ke.fromSSE(e,n.controller,t.dataIsJson?r=>JSON.parse(r):r=>r,{reconnect:n.reconnect,maxReconnects:n.maxReconnects});case"ndjson":return ke.fromNDJSON(e,n.controller);default:return e}}function pr(e,t,n,r,s){let o=n.get("x-should-retry")?.trim().toLowerCase();if(o==="false")return{retry:!1,reason:"the server said x-should-retry: false"};if(o!=="true"&&!Io(e,t))return{retry:!1,reason:`status ${t} is not retried`};if(s.retriesLeft<=0)return{retry:!1,reason:"no retries left"};let i=e.respectRetryAfter?r:null;return i!==null&&i>s.maxWaitMs?{retry:!1,beyondCap:!0,reason:`the server asked to wait ${i} ms, more than maxRetryWait (${s.maxWaitMs} ms)`}:i!==null?{retry:!0,waitMs:i,reason:o==="true"?"x-should-retry: true; waiting as the server asked":"waiting as the server asked"}:{retry:!0,waitMs:Wt(e,s.retry,s.random),reason:o==="true"?"x-should-retry: true; backoff":"backoff"}}function Io(e,t){return e.retryableStatuses.includes(t)}function Wt(e,t,n=Math.random){let r=Math.min(e.maxDelayMs,e.initialDelayMs*e.backoffMultiplier**t);return e.jitter==="full"?Math.round(n()*r):e.jitter==="equal"?Math.round(r/2+n()*r/2):r}function Bt(e,t){return new Promise((n,r)=>{if(t?.aborted)return r(new O);let s=setTimeout(()=>{t?.removeEventListener("abort",o),n()},e),o=()=>{clearTimeout(s),r(new O)};t?.addEventListener("abort",o,{once:!0})})}var Ze=class{constructor(t,n){this.timeoutMs=t;this.#r=n,n?.aborted?this.controller.abort():n?.addEventListener("abort",this.#o,{once:!0}),this.#t=setTimeout(()=>{this.#e=!0,this.controller.abort()},t)}timeoutMs;controller=new AbortController;startedAt=Date.now();#e=!1;#t;#r;#o=()=>this.controller.abort();get elapsedMs(){return Date.now()-this.startedAt}stopTimer(){clearTimeout(this.#t)}finish(){clearTimeout(this.#t),this.#r?.removeEventListener("abort",this.#o)}failure(t){return this.#r?.aborted?new O:this.#e?new de(this.timeoutMs):t instanceof y?t:new U(`Connection error: ${t?.message??String(t)}`,{cause:t})}};function mr(e,t,n){if(!e.body||[204,205,304].includes(e.status))return e;let r=e.body.getReader(),s=n.controller.signal,o,i=()=>{clearTimeout(o),r.cancel().catch(()=>{})};s.addEventListener("abort",i,{once:!0});let a=()=>{s.removeEventListener("abort",i),n.finish()},d=new ReadableStream({async pull(u){let c=new Promise((p,m)=>{o=setTimeout(()=>m(new de(t,"No data arrived on the stream")),t)});try{let p=await Promise.race([r.read(),c]);if(s.aborted)throw new O;p.done?(a(),u.close()):u.enqueue(p.value)}catch(p){a(),r.cancel().catch(()=>{}),u.error(s.aborted?new O:p)}finally{clearTimeout(o)}},cancel(u){return clearTimeout(o),a(),r.cancel(u)}}),l=new Response(d,{status:e.status,statusText:e.statusText,headers:e.headers});return Object.defineProperty(l,"url",{value:e.url}),l}function fr(e){let t=e;return typeof t=="object"&&t!==null&&typeof t.status=="number"&&typeof t.ok=="boolean"&&typeof t.headers?.get=="function"}function hr(e){let t=new AbortController;return e?.aborted?t.abort():e?.addEventListener("abort",()=>t.abort(),{once:!0}),t}function yr(e){return`${e.method.toUpperCase()} ${e.path}`}var et=class{responses;requests;#e;constructor(t){if(!t||typeof t.schemas!="object"||t.schemas===null)throw new y("The validation option needs { schemas }: the operationSchemas of the zod module generated from the same spec.");if(this.responses=t.responses===!0,this.requests=t.requests===!0,!this.responses&&!this.requests)throw new y("The validation option checks nothing: set responses: true, requests: true, or both.");this.#e=t.schemas}async checkRequest(t,n,r){let s=yr(t),o=this.#t(s),i=Object.assign(Object.create(null),Object.fromEntries(t.params.filter(c=>c.in==="query").map(c=>[c.name,j(n,c.name)]).filter(([,c])=>c!=null))),a=o.parameters?.query,d=a&&await Kt(a,i);if(d)throw new le(s,"query",i,d);let l=r?.spec.kind==="json"?o.body?.[r.spec.mediaType]:void 0,u=l&&await Kt(l,r.value);if(u)throw new le(s,"body",r.value,u)}async checkResponse(t,n,r){if(n?.kind!=="json")return;let s=yr(t),o=this.#t(s).responses??{},i=String(r.status),a=`${i[0]}XX`,d=o[i]??o[a]??o[a.toLowerCase()]??o.default,l=p=>new ce(s,r,[{message:p}]);if(!d)throw l(`the spec declares no ${i} response for this operation`);let u=d[n.mediaType];if(!u)throw l(`the spec declares no ${n.mediaType} body for the ${i} response`);let c=await Kt(u,r.body);if(c)throw new ce(s,r,c)}#t(t){let n=Object.prototype.hasOwnProperty.call(this.#e,t)?this.#e[t]:void 0;if(!n)throw new y(`The validation schemas have no entry for ${t}: pass the operationSchemas of the zod module generated from the same spec as this client.`);return n}};async function Kt(e,t){return(await e["~standard"].validate(t)).issues??void 0}var gr=6e4,we=class{apiKey;baseURL;maxRetries;timeout;idleTimeout;maxRetryWait;logLevel;_logger;environment;csrfToken;#e;#t;#r;#o;#s;#n;#i;#a=Math.random;constructor(t,n={}){this.#n=t,this.#o=n;let r=Cn();this.logLevel=It(n.logLevel,"The logLevel option")??It(r[t.logEnv],`The ${t.logEnv} environment variable`)??Dn;let s=n.logger??console,o=qt.filter(d=>d!=="off"&&typeof s[d]!="function");if(o.length>0)throw new y(`The logger has no ${o.join(", ")} method: pass an object with debug, info, warn and error.`);if(this._logger=new Fe(this.logLevel,s),this.apiKey=n.apiKey??r[t.apiKeyEnv]??void 0,this.apiKey!==void 0&&An(this.apiKey,t.keyPrefixes),t.auth.keyRequired&&!this.apiKey)throw new y(`No API key: pass { apiKey } or set the ${t.apiKeyEnv} environment variable.`);this.baseURL=(n.baseURL??r[t.baseUrlEnv]??t.defaultBaseURL).replace(/\/+$/,""),this.maxRetries=n.maxRetries??t.retryPolicy.maxRetries,this.timeout=n.timeout??t.defaultTimeoutMs??gr,this.idleTimeout=n.idleTimeout??gr,this.maxRetryWait=n.maxRetryWait??6e4;let i=typeof fetch=="function"?fetch:void 0,a=n.fetch??i;if(!a)throw new y("No fetch implementation: pass { fetch } on this runtime.");this.#r=a,this.#t=(d,l)=>a(d,l),this.#s=n.defaultHeaders??{},this.environment=this.apiKey?Ct(this.apiKey,t.keyPrefixes)?.environment??null:null,this.csrfToken=n.csrfToken,this.#e=n.credentials??(t.auth.cookieSession?"same-origin":void 0),this.#i=n.validation?new et(n.validation):void 0}withOptions(t){let n=this.constructor,r=new n({...this.#o,apiKey:this.apiKey,baseURL:this.baseURL,csrfToken:this.csrfToken,fetch:this.#r,logger:this._logger.logger,...t,defaultHeaders:{...this.#s,...t.defaultHeaders}});return r.#a=this.#a,r}_setRandom(t){return this.#a=t,this}request(t,n,r,s={}){return new ae(this.#d(t,n,Nt(r),s))}requestPage(t,n,r,s={}){let o=t.pagination;if(!o)throw new y(`${t.method.toUpperCase()} ${t.path} is not a paged list.`);if(!("style"in o)){let d=async l=>{let u=await this.#d(t,n,l,s);return{...u,data:new Xe(o,l,d,u.data)}};return new _e(d({...Nt(r)}))}let i=(d,l)=>async(u,c)=>{let p="params"in u?u.params:l,m="url"in u?ar(u.url,d):Dt(this.#c(),t,n,p,s.query,s.baseURL,!1),g=await this.#d(t,n,p,s,void 0,dr(this.apiKey,t,m));return{...g,data:new Ge(o,p,i(m,p),g.data,g.headers,m,c)}},a={...Nt(r)};return new _e(i(this.baseURL,a)({params:a}))}async#d(t,n,r,s,o,i){let a=await this.#l(t,n,r,s,o,i);if(this.#i?.responses){let d=t.method.toUpperCase(),l=Ut(t.responses,s.accept);await this.#i.checkResponse(t,Ht(a.response,t.responses,l,d),{status:a.status,body:a.data,headers:a.headers,requestId:a.requestId})}return a}async#l(t,n,r,s,o,i){Wn(this._logger,t,r);let a=i??Dt(this.#c(),t,n,r,s.query,s.baseURL),d=Ut(t.responses,s.accept),l=sr(this.#c(),t,r,s,d?.mediaType??"application/json");o!==void 0&&t.resumeHeader&&(l[t.resumeHeader.toLowerCase()]=o);let u=ir(t,r,s.body);this.#i?.requests&&await this.#i.checkRequest(t,r,u);let c=u&&await rr(await jt(u.spec,u.value),u.spec,l["content-encoding"]);c?.contentType&&(l["content-type"]=c.contentType);let p=c&&!c.replayable?0:s.maxRetries??this.maxRetries,m=s.timeout??this.timeout,g=s.maxRetryWait??this.maxRetryWait,w=this.#n.retryPolicy,k=t.method.toUpperCase(),b={method:k,headers:l,body:c?.body,...c&&!c.replayable?{duplex:"half"}:{},...this.#e?{credentials:this.#e}:{}},h=(P,D)=>Hn(this._logger,k,a,l,t.auth,P,p,D);for(let P=0;;P+=1){let D=p-P,M=new Ze(m,s.signal),S;try{if(S=await this.#t(a,{...b,signal:M.controller.signal}),!fr(S))throw new U(`The fetch implementation returned ${S===null?"null":typeof S} instead of a Response.`,{cause:S});if(S.ok||t.redirects?.includes(S.status)){let z=await this.#p(t,S,d,M,n,r,s);return h(P,{status:S.status,requestId:z.requestId,elapsedMs:M.elapsedMs,retry:!1}),z}}catch(z){M.finish();let I=M.failure(z),H=I instanceof U&&D>0&&w.retryOnConnectionError,Zt=H?Wt(w,P,this.#a):void 0;if(h(P,{status:null,error:I.message,elapsedMs:M.elapsedMs,retry:H,waitMs:Zt,reason:H?"backoff":I instanceof O?"aborted":D>0?"not a connection error":"no retries left"}),!H)throw I;await Bt(Zt,s.signal);continue}let G=pr(w,S.status,S.headers,Et(S.headers),{retry:P,retriesLeft:D,maxWaitMs:g,random:this.#a});if(h(P,{status:S.status,requestId:this.#u(S),elapsedMs:M.elapsedMs,...G}),G.retry){await S.body?.cancel().catch(()=>{}),M.finish(),await Bt(G.waitMs,s.signal);continue}let se=await Qe(S).catch(()=>{});M.finish();let J=E.generate(S.status,se,S.headers,this.#n.requestIdHeader);throw G.beyondCap&&(J.message+=` Not retried: ${G.reason}.`),J}}async#p(t,n,r,s,o,i,a){let d=Ht(n,t.responses,r,t.method.toUpperCase()),l=cr(d);l&&s.stopTimer();let u=l?mr(n,a.idleTimeout??this.idleTimeout,s):n,c=l?hr(a.signal):s.controller;l&&c.signal.addEventListener("abort",()=>s.controller.abort(),{once:!0});let p=t.resumeHeader?async g=>(await this.#d(t,o,i,{...a,signal:c.signal,accept:r?.mediaType},g)).response:void 0,m=await ur(u,d,{controller:c,reconnect:p,maxReconnects:a.maxRetries??this.maxRetries});return l||s.finish(),{...this.#m(u),data:m}}#c(){return{apiKey:this.apiKey,baseURL:this.baseURL,csrfToken:this.csrfToken,defaultHeaders:this.#s,config:this.#n}}#u(t){return this.#n.requestIdHeader?t.headers.get(this.#n.requestIdHeader):null}#m(t){let n=s=>{let o=s?t.headers.get(s):null;return o!==null&&o!==""&&Number.isFinite(Number(o))?Number(o):null},r={limit:n(this.#n.rateLimitHeaders?.limit),remaining:n(this.#n.rateLimitHeaders?.remaining)};return{response:t,status:t.status,headers:t.headers,requestId:this.#u(t),rateLimit:r}}};function Nt(e){return e&&typeof e=="object"&&!Array.isArray(e)?e:{}}var br={method:"post",path:"/signup",params:[],bodies:[{mediaType:"application/json",kind:"json",mode:"merged"}],bodyRequired:!0,responses:[{mediaType:"application/json",kind:"json"}]},_r={method:"get",path:"/session",params:[],responses:[{mediaType:"application/json",kind:"json"}],auth:{kind:"cookie",name:"dashboard_session",csrfHeader:"X-CSRF-Token"}},kr={method:"post",path:"/session",params:[],bodies:[{mediaType:"application/json",kind:"json",mode:"merged"}],bodyRequired:!0,responses:[{mediaType:"application/json",kind:"json"}]},wr={method:"delete",path:"/session",params:[],auth:{kind:"cookie",name:"dashboard_session",csrfHeader:"X-CSRF-Token"}},vr={method:"delete",path:"/sessions",params:[],auth:{kind:"cookie",name:"dashboard_session",csrfHeader:"X-CSRF-Token"}},$r={method:"post",path:"/email-verification",params:[],bodies:[{mediaType:"application/json",kind:"json",mode:"merged"}],bodyRequired:!0},xr={method:"post",path:"/password-resets",params:[],bodies:[{mediaType:"application/json",kind:"json",mode:"merged"}],bodyRequired:!0},Rr={method:"post",path:"/password-resets/confirm",params:[],bodies:[{mediaType:"application/json",kind:"json",mode:"merged"}],bodyRequired:!0},Pr={method:"get",path:"/scopes",params:[],responses:[{mediaType:"application/json",kind:"json"}],auth:{kind:"cookie",name:"dashboard_session",csrfHeader:"X-CSRF-Token"}},Sr={method:"get",path:"/keys",params:[{name:"environment",in:"query"}],responses:[{mediaType:"application/json",kind:"json"}],auth:{kind:"cookie",name:"dashboard_session",csrfHeader:"X-CSRF-Token"}},Er={method:"post",path:"/keys",params:[],bodies:[{mediaType:"application/json",kind:"json",mode:"merged"}],bodyRequired:!0,responses:[{mediaType:"application/json",kind:"json"}],auth:{kind:"cookie",name:"dashboard_session",csrfHeader:"X-CSRF-Token"}},Tr={method:"post",path:"/keys/{key_id}/rotate",params:[{name:"key_id",in:"path"}],responses:[{mediaType:"application/json",kind:"json"}],auth:{kind:"cookie",name:"dashboard_session",csrfHeader:"X-CSRF-Token"}},Cr={method:"post",path:"/keys/{key_id}/revoke",params:[{name:"key_id",in:"path"}],responses:[{mediaType:"application/json",kind:"json"}],auth:{kind:"cookie",name:"dashboard_session",csrfHeader:"X-CSRF-Token"}},Ar={method:"get",path:"/billing",params:[],responses:[{mediaType:"application/json",kind:"json"}],auth:{kind:"cookie",name:"dashboard_session",csrfHeader:"X-CSRF-Token"}},Or={method:"put",path:"/billing/plan",params:[],bodies:[{mediaType:"application/json",kind:"json",mode:"merged"}],bodyRequired:!0,responses:[{mediaType:"application/json",kind:"json"}],auth:{kind:"cookie",name:"dashboard_session",csrfHeader:"X-CSRF-Token"}},qr={method:"get",path:"/webhook-endpoints",params:[{name:"environment",in:"query"}],responses:[{mediaType:"application/json",kind:"json"}],auth:{kind:"cookie",name:"dashboard_session",csrfHeader:"X-CSRF-Token"}},Ir={method:"post",path:"/webhook-endpoints",params:[],bodies:[{mediaType:"application/json",kind:"json",mode:"merged"}],bodyRequired:!0,responses:[{mediaType:"application/json",kind:"json"}],auth:{kind:"cookie",name:"dashboard_session",csrfHeader:"X-CSRF-Token"}},Mr={method:"delete",path:"/webhook-endpoints/{endpoint_id}",params:[{name:"endpoint_id",in:"path"}],auth:{kind:"cookie",name:"dashboard_session",csrfHeader:"X-CSRF-Token"}},Lr={method:"post",path:"/webhook-endpoints/{endpoint_id}/rotate-secret",params:[{name:"endpoint_id",in:"path"}],responses:[{mediaType:"application/json",kind:"json"}],auth:{kind:"cookie",name:"dashboard_session",csrfHeader:"X-CSRF-Token"}},jr={method:"post",path:"/webhook-endpoints/{endpoint_id}/disable",params:[{name:"endpoint_id",in:"path"}],responses:[{mediaType:"application/json",kind:"json"}],auth:{kind:"cookie",name:"dashboard_session",csrfHeader:"X-CSRF-Token"}},Dr={method:"post",path:"/webhook-endpoints/{endpoint_id}/enable",params:[{name:"endpoint_id",in:"path"}],responses:[{mediaType:"application/json",kind:"json"}],auth:{kind:"cookie",name:"dashboard_session",csrfHeader:"X-CSRF-Token"}},Ur={method:"get",path:"/webhook-endpoints/{endpoint_id}/deliveries",params:[{name:"endpoint_id",in:"path"}],responses:[{mediaType:"application/json",kind:"json"}],auth:{kind:"cookie",name:"dashboard_session",csrfHeader:"X-CSRF-Token"}},Hr={method:"post",path:"/webhook-endpoints/{endpoint_id}/test-events",params:[{name:"endpoint_id",in:"path"}],bodies:[{mediaType:"application/json",kind:"json",mode:"merged"}],bodyRequired:!0,auth:{kind:"cookie",name:"dashboard_session",csrfHeader:"X-CSRF-Token"}},Wr={method:"post",path:"/webhook-events/{event_id}/resend",params:[{name:"event_id",in:"path"}],auth:{kind:"cookie",name:"dashboard_session",csrfHeader:"X-CSRF-Token"}};var tt=class extends x{create(t,n){return this._client.request(br,[],t,n)}};var nt=class extends x{retrieve(t){return this._client.request(_r,[],void 0,t)}create(t,n){return this._client.request(kr,[],t,n)}delete(t){return this._client.request(wr,[],void 0,t)}};var rt=class extends x{delete(t){return this._client.request(vr,[],void 0,t)}};var ot=class extends x{create(t,n){return this._client.request($r,[],t,n)}};var st=class extends x{confirm=new Ft(this._client);create(t,n){return this._client.request(xr,[],t,n)}},Ft=class extends x{create(t,n){return this._client.request(Rr,[],t,n)}};var it=class extends x{retrieve(t){return this._client.request(Pr,[],void 0,t)}};var at=class extends x{retrieve(t,n){return this._client.request(Sr,[],t,n)}create(t,n){return this._client.request(Er,[],t,n)}rotate(t,n){return this._client.request(Tr,[t],void 0,n)}revoke(t,n){return this._client.request(Cr,[t],void 0,n)}};var dt=class extends x{plan=new Vt(this._client);retrieve(t){return this._client.request(Ar,[],void 0,t)}},Vt=class extends x{update(t,n){return this._client.request(Or,[],t,n)}};var lt=class extends x{deliveries=new Xt(this._client);list(t,n){return this._client.request(qr,[],t,n)}create(t,n){return this._client.request(Ir,[],t,n)}delete(t,n){return this._client.request(Mr,[t],void 0,n)}rotateSecret(t,n){return this._client.request(Lr,[t],void 0,n)}disable(t,n){return this._client.request(jr,[t],void 0,n)}enable(t,n){return this._client.request(Dr,[t],void 0,n)}testEvents(t,n,r){return this._client.request(Hr,[t],n,r)}},Xt=class extends x{retrieve(t,n){return this._client.request(Ur,[t],void 0,n)}};var ct=class extends x{resend(t,n){return this._client.request(Wr,[t],void 0,n)}};var Lo={apiKeyEnv:"ASSESSMENT_SERVICE_DASHBOARD_API_KEY",baseUrlEnv:"ASSESSMENT_SERVICE_DASHBOARD_BASE_URL",logEnv:"ASSESSMENT_SERVICE_DASHBOARD_LOG",defaultBaseURL:"/dashboard/api",retryPolicy:{maxRetries:0,initialDelayMs:500,maxDelayMs:8e3,backoffMultiplier:2,jitter:"full",respectRetryAfter:!0,retryOnConnectionError:!1,retryableStatuses:[]},keyPrefixes:[],auth:{keyRequired:!1,cookieSession:!0},requestIdHeader:"X-Request-Id",rateLimitHeaders:{limit:"X-RateLimit-Limit",remaining:"X-RateLimit-Remaining"},specDigest:{header:"X-Spec-Digest",value:"sha256:1520ec9de2dd95a24691a986e0243a93cfb5fb89b31f577fa2d01734064a7834"},userAgent:"assessment-service-dashboard-client/1.0.0"},ue=class extends we{signup=new tt(this);session=new nt(this);sessions=new rt(this);emailVerification=new ot(this);passwordResets=new st(this);scopes=new it(this);keys=new at(this);billing=new dt(this);webhookEndpoints=new lt(this);webhookEvents=new ct(this);constructor(t={}){super(Lo,t)}};var R=new ue({baseURL:"/dashboard/api"}),Gt=e=>(R.csrfToken=e.csrf_token,e);function ne(e){if(e instanceof E){let t=e.code?e.body?.message??e.message:e.message,n=e.status===429?e.headers?.get("retry-after"):null;return n?`${t} Try again in ${n} seconds.`:t}return e?.message??String(e)}var ut=e=>e instanceof E&&e.status===401,_={signUp:async(e,t)=>Gt(await R.signup.create({email:e,password:t})),signIn:async(e,t)=>Gt(await R.session.create({email:e,password:t})),session:async()=>Gt(await R.session.retrieve()),signOut:()=>R.session.delete(),signOutEverywhere:()=>R.sessions.delete(),verifyEmail:e=>R.emailVerification.create({token:e}),requestPasswordReset:e=>R.passwordResets.create({email:e}),resetPassword:(e,t)=>R.passwordResets.confirm.create({token:e,password:t}),scopes:async()=>(await R.scopes.retrieve()).data,keys:async e=>(await R.keys.retrieve({environment:e})).data,createKey:e=>R.keys.create(e),rotateKey:e=>R.keys.rotate(e),revokeKey:e=>R.keys.revoke(e),billing:()=>R.billing.retrieve(),changePlan:e=>R.billing.plan.update({tier:e}),endpoints:async e=>(await R.webhookEndpoints.list({environment:e})).data,createEndpoint:e=>R.webhookEndpoints.create(e),rotateEndpointSecret:e=>R.webhookEndpoints.rotateSecret(e),disableEndpoint:e=>R.webhookEndpoints.disable(e),enableEndpoint:e=>R.webhookEndpoints.enable(e),removeEndpoint:e=>R.webhookEndpoints.delete(e),deliveries:async e=>(await R.webhookEndpoints.deliveries.retrieve(e)).data,resendEvent:e=>R.webhookEvents.resend(e),sendTestEvent:(e,t)=>R.webhookEndpoints.testEvents(e,{type:t}),eventTypes:async()=>{let e=await fetch("/openapi.json",{headers:{accept:"application/json"}});if(!e.ok)throw new Error("Could not load the list of event types.");let t=await e.json();return Object.keys(t.webhooks??{})}};var Jt={keys:"API keys",billing:"Billing",webhooks:"Webhooks"},Q=(e,t)=>`${e}-${t.replace(/[^A-Za-z0-9_-]/g,"-")}`,V=e=>e==="test"?"Test mode":"Live mode";function re({iso:e,empty:t="Never"}){return e?f`<time datetime=${e}>${e.slice(0,16).replace("T"," ")}</time>`:f`<span class="muted">${t}</span>`}function A({error:e,message:t}){return f`
    <p class="notice error" role="alert" hidden=${!e}>${e??""}</p>
    <p class="notice" role="status" hidden=${!t}>${t??""}</p>
  `}function Br({page:e,environment:t,session:n,children:r}){let s=t==="test"?"live":"test",[o,i]=v(null),a=async d=>{try{await(d?_.signOutEverywhere():_.signOut()),location.assign("/dashboard/signin")}catch(l){i(ne(l))}};return f`
    <a class="skip-link" href="#main">Skip to content</a>
    <header class=${`top mode-${t}`}>
      <div class="brand">Assessment Service</div>
      <nav aria-label="Dashboard">
        <ul>
          ${Object.entries(Jt).map(([d,l])=>f`<li>
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
    ${t==="test"?f`<p class="mode-banner" data-mode="test">
            <strong>Test mode</strong>: you are managing test data and <code>test_</code> keys. Nothing here
            touches live traffic or billing.
          </p>`:f`<p class="mode-banner live" data-mode="live">
            <strong>Live mode</strong>: you are managing live data and <code>live_</code> keys.
          </p>`}
    <main id="main" tabindex="-1">
      <${A} error=${o} />
      ${t==="live"&&!n.user.email_verified?f`<p class="warning">
              Live keys need a verified e-mail address: open the link in the mail sent to
              ${n.user.email}.
            </p>`:null}
      ${r}
    </main>
  `}function pt({open:e,title:t,onClose:n,children:r}){let s=ye(null),o=ye(null),i=ye(`dialog-${Math.random().toString(36).slice(2)}`).current;return L(()=>{let d=s.current;d&&(e&&!d.open?(o.current=document.activeElement,d.showModal()):!e&&d.open&&d.close())},[e]),L(()=>{e&&s.current?.querySelector("[autofocus], input:not([disabled]), select, textarea, button:not([disabled])")?.focus()},[e,t]),f`
    <dialog ref=${s} aria-labelledby=${i} onClose=${()=>{n();let d=o.current;o.current=null,d&&d.isConnected?d.focus():document.getElementById("main")?.focus()}}>
      ${e?f`<h2 id=${i}>${t}</h2>
              ${r}`:null}
    </dialog>
  `}function mt({label:e,secret:t}){let[n,r]=v(""),s=ye(null),o=async()=>{try{await navigator.clipboard.writeText(t),r("Copied to the clipboard.")}catch{s.current?.select(),r("Selected: press Ctrl+C (or Cmd+C) to copy.")}};return f`
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
  `}function q(){let[e,t]=v(!1),[n,r]=v(null);return{busy:e,error:n,setError:r,run:async o=>{t(!0),r(null);try{await o()}catch(i){ut(i)&&document.body.dataset.environment&&location.assign(`/dashboard/signin?next=${encodeURIComponent(location.pathname)}`),r(ne(i))}finally{t(!1)}}}}function jo(e=location.search){let t=new URLSearchParams(e).get("next")??"";return/^\/dashboard\/(test|live)\/(keys|billing|webhooks)$/.test(t)?t:"/dashboard/test/keys"}function Kr(){let e=location.hash.slice(1);return new URLSearchParams(e).get("token")??(/^[A-Za-z0-9_-]+$/.test(e)?e:"")}function ft({title:e,children:t}){return f`
    <main id="main" class="auth" tabindex="-1">
      <p class="brand">Assessment Service</p>
      <h1>${e}</h1>
      ${t}
    </main>
  `}function Nr({mode:e}){let t=q(),n=s=>{s.preventDefault();let o=new FormData(s.currentTarget),i=String(o.get("email")??"").trim(),a=String(o.get("password")??"");t.run(async()=>{e==="signup"?await _.signUp(i,a):await _.signIn(i,a),location.assign(jo())})},r=e==="signup";return f`
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
  `}var Fr=()=>f`<${ft} title="Sign in to the dashboard"><${Nr} mode="signin" /><//>`,Vr=()=>f`<${ft} title="Create your account"
    ><p>Test keys work at once; live keys need a verified e-mail address.</p>
    <${Nr} mode="signup"
  /><//>`;function Xr(){let[e,t]=v("working"),[n,r]=v(null);return L(()=>{let s=Kr();if(!s){t("failed"),r("This link has no verification token. Open the link from the mail again.");return}_.verifyEmail(s).then(()=>t("done"),o=>{t("failed"),r(ne(o))})},[]),f`
    <${ft} title="Verify your e-mail">
      ${e==="working"?f`<p aria-busy="true">Verifying…</p>`:null}
      ${e==="done"?f`<p role="status">Your e-mail address is verified. You can now create live keys.</p>
              <p><a href="/dashboard/live/keys">Go to live keys</a></p>`:null}
      <${A} error=${n} />
    <//>
  `}function Gr(){let e=Kr(),t=q(),[n,r]=v(null),s=o=>{o.preventDefault();let i=new FormData(o.currentTarget);t.run(async()=>{e?(await _.resetPassword(e,String(i.get("password")??"")),r("Your password is changed, and every other session is signed out. Sign in with the new password.")):(await _.requestPasswordReset(String(i.get("email")??"").trim()),r("If an account has that address, a reset link is on its way."))})};return f`
    <${ft} title=${e?"Choose a new password":"Reset your password"}>
      <${A} error=${t.error} message=${n} />
      ${n?f`<p><a href="/dashboard/signin">Sign in</a></p>`:f`<form onSubmit=${s} class="card">
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
  `}var ht=e=>e.toLocaleString("en-US");function Do(e){let t=e.monthly_cents===0?"Free":`${yt(e.monthly_cents,e.currency)} a month`,n=e.included_live_requests>0?`, ${ht(e.included_live_requests)} live requests included`:"",r=e.per_thousand_live_requests_cents>0?`, then ${yt(e.per_thousand_live_requests_cents,e.currency)} per 1,000`:"";return`${t}${n}${r}`}var yt=(e,t)=>new Intl.NumberFormat("en-US",{style:"currency",currency:t.toUpperCase()}).format(e/100);function Jr({environment:e}){let[t,n]=v(null),[r,s]=v(null),o=q(),i=q();if(L(()=>{o.run(async()=>n(await _.billing()))},[]),!t)return f`<h1>
        Billing <span class=${`mode-badge mode-${e}`}>${V(e)}</span>
      </h1>
      <${A} error=${o.error} />
      ${o.error?null:f`<p aria-busy="true">Loading billing…</p>`}`;let a=t.daily.filter(u=>u.live_requests>0),d=t.tiers.findIndex(u=>u.tier===t.tier),l=u=>i.run(async()=>{let c=await _.changePlan(u.tier);n(c),s(`Your account is now on tier ${c.tier} (${c.plan}). New rate limits apply to the next request.`)});return f`
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
            ${t.tiers.map((u,c)=>{let p=u.tier===t.tier,m=c>d?"Upgrade":"Downgrade";return f`
                <tr
                  key=${u.tier}
                  aria-current=${p?"true":void 0}
                  class=${p?"current":""}
                >
                  <th scope="row">Tier ${u.tier}</th>
                  <td>${u.plan}</td>
                  <td class="number">${ht(u.per_key)} / min</td>
                  <td class="number">${ht(u.per_account)} / min</td>
                  <td>${Do(u.price)}</td>
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
          >${yt(t.estimate.total_cents,t.estimate.currency)}</strong
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
                      <td class="number">${ht(u.quantity)}</td>
                      <td class="number">${yt(u.amount_cents,t.estimate.currency)}</td>
                    </tr>`)}
              </tbody>
            </table>`:null}
      <div class="usage">
        <${Wo} daily=${t.daily} month=${t.month} />
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
  `}var zt=620,Z=160,oe=44,Uo=e=>e>=1e4?`${Math.round(e/1e3)}k`:String(e);function Ho(e,t){let[n,r]=e.split("-").map(Number),s=new Date(Date.UTC(n,r,0)).getUTCDate(),o=new Map(t.map(i=>[i.date,i.live_requests]));return Array.from({length:s},(i,a)=>{let d=`${e}-${String(a+1).padStart(2,"0")}`;return{date:d,live_requests:o.get(d)??0}})}function Wo({daily:e,month:t}){let n=Ho(t,e),r=Math.max(1,...n.map(a=>a.live_requests)),s=(zt-oe)/n.length,o=s*.7,i=n.reduce((a,d)=>a+d.live_requests,0);return f`
    <figure class="chart">
      <svg
        viewBox=${`0 0 ${zt} ${Z+22}`}
        role="img"
        aria-labelledby="usage-chart-title usage-chart-desc"
        class="usage-chart"
      >
        <title id="usage-chart-title">Live requests per day in ${t}</title>
        <desc id="usage-chart-desc">
          ${i} live requests in ${t}, at most ${r} in a day. The table beside the chart lists every
          day with traffic.
        </desc>
        <line x1=${oe} y1=${Z} x2=${zt} y2=${Z} class="axis" />
        <line x1=${oe} y1="4" x2=${oe} y2=${Z} class="axis" />
        <text x=${oe-6} y="14" text-anchor="end" class="tick">${Uo(r)}</text>
        <text x=${oe-6} y=${Z} text-anchor="end" class="tick">0</text>
        ${n.map((a,d)=>{let l=a.live_requests/r*(Z-10),u=oe+d*s+(s-o)/2,c=d===0||(d+1)%5===0;return f`
            ${a.live_requests>0?f`<rect x=${u} y=${Z-l} width=${o} height=${l} class="bar"><title>${a.date}: ${a.live_requests}</title></rect>`:null}
            ${c?f`<text x=${u+o/2} y=${Z+16} text-anchor="middle" class="tick">${d+1}</text>`:null}
          `})}
      </svg>
      <figcaption>Live requests per day of ${t} (UTC).</figcaption>
    </figure>
  `}var X=e=>e.name??"Unnamed key";function zr({environment:e}){let[t,n]=v(null),[r,s]=v([]),[o,i]=v(null),[a,d]=v(null),l=q(),u=()=>l.run(async()=>n(await _.keys(e)));L(()=>{l.run(async()=>{let[p,m]=await Promise.all([_.keys(e),_.scopes()]);n(p),s(m)})},[e]);let c=o?.kind==="create"?`Create a ${e} key`:o?.kind==="secret"?o.title:o?.kind==="rotate"?`Rotate ${X(o.key)}?`:o?.kind==="revoke"?`Revoke ${X(o.key)}?`:"";return f`
    <div class="page-heading">
      <h1>API keys <span class=${`mode-badge mode-${e}`}>${V(e)}</span></h1>
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
                  ${t.length===0?f`<tr>
                          <td colspan="9" class="empty">
                            No ${e} keys yet. Create one to call the API.
                          </td>
                        </tr>`:null}
                  ${t.map(p=>f`
                      <tr key=${p.id} data-key-id=${p.id}>
                        <th scope="row" class="name">${X(p)}</th>
                        <td>${p.type==="sk"?"Secret":"Publishable"}</td>
                        <td>${p.environment}</td>
                        <td><code class="redacted">${p.redacted}</code></td>
                        <td>${p.scopes.map(m=>f`<code class="scope">${m}</code> `)}</td>
                        <td><${re} iso=${p.created_at} /></td>
                        <td><${re} iso=${p.last_used_at} /></td>
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
    <${pt} open=${o!==null} title=${c} onClose=${()=>i(null)}>
      ${o?.kind==="create"?f`<${Bo}
              environment=${e}
              scopes=${r}
              onCancel=${()=>i(null)}
              onCreated=${(p,m)=>{i({kind:"secret",title:`Your new key ${m}`,secret:p}),d(`Created the key ${m}.`),u()}}
            />`:null}
      ${o?.kind==="secret"?f`<${Ko} secret=${o.secret} onDone=${()=>i(null)} />`:null}
      ${o?.kind==="rotate"?f`<${ve}
              text=${`The current key ${o.key.redacted} stops working immediately, and a new key with the same name and scopes is shown once.`}
              confirm="Rotate key"
              onCancel=${()=>i(null)}
              onConfirm=${async()=>{let p=await _.rotateKey(o.key.id);i({kind:"secret",title:`The new key for ${X(p.key)}`,secret:p.secret}),d(`Rotated the key ${X(p.key)}; the old key no longer works.`),u()}}
            />`:null}
      ${o?.kind==="revoke"?f`<${ve}
              text=${`Requests with ${o.key.redacted} will be refused (401) from now on. This cannot be undone.`}
              confirm="Revoke key"
              danger=${!0}
              onCancel=${()=>i(null)}
              onConfirm=${async()=>{let p=await _.revokeKey(o.key.id);i(null),d(`Revoked the key ${X(p)}.`),u()}}
            />`:null}
    <//>
  `}function Bo({environment:e,scopes:t,onCancel:n,onCreated:r}){let s=q();return f`
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
        ${t.map(i=>f`
            <div class="checkbox">
              <input
                type="checkbox"
                id=${Q("scope",i.scope)}
                name="scopes"
                value=${i.scope}
                disabled=${!i.mintable}
                aria-describedby=${Q("scope-about",i.scope)}
              />
              <label for=${Q("scope",i.scope)}><code>${i.scope}</code></label>
              <span id=${Q("scope-about",i.scope)} class="hint"
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
  `}function Ko({secret:e,onDone:t}){return f`
    <${mt} label="API key" secret=${e} />
    <div class="buttons"><button type="button" class="primary" onClick=${t}>Done</button></div>
  `}function ve({text:e,confirm:t,danger:n=!1,onCancel:r,onConfirm:s}){let o=q();return f`
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
  `}var pe=e=>e.status==="enabled";function Yr({environment:e}){let[t,n]=v(null),[r,s]=v([]),[o,i]=v(null),[a,d]=v(null),[l,u]=v(null),c=q(),p=q(),m=()=>c.run(async()=>n(await _.endpoints(e)));L(()=>{c.run(async()=>{let[h,P]=await Promise.all([_.endpoints(e),_.eventTypes()]);n(h),s(P)})},[e]);let g=h=>p.run(async()=>{pe(h)?await _.disableEndpoint(h.id):await _.enableEndpoint(h.id),u(`${pe(h)?"Disabled":"Enabled"} ${h.url}.`),await m()}),w={add:`Add a ${e} endpoint`,rotate:"Rotate the signing secret?",remove:"Remove this endpoint?",test:"Send a test event"},k=o?o.kind==="secret"?o.title:w[o.kind]:"",b=t?.find(h=>h.id===a);return f`
    <div class="page-heading">
      <h1>Webhooks <span class=${`mode-badge mode-${e}`}>${V(e)}</span></h1>
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
                  ${t.length===0?f`<tr>
                          <td colspan="5" class="empty">No ${e} endpoints yet.</td>
                        </tr>`:null}
                  ${t.map(h=>f`
                      <tr key=${h.id} data-endpoint-id=${h.id}>
                        <th scope="row" class="url"><code>${h.url}</code></th>
                        <td>${h.events.map(P=>f`<code class="scope">${P}</code> `)}</td>
                        <td>
                          <span class=${`status status-${pe(h)?"active":"revoked"}`}
                            >${pe(h)?"Enabled":"Disabled"}</span
                          >${h.disabled_reason?f`<p class="hint">${h.disabled_reason}</p>`:null}
                        </td>
                        <td><${re} iso=${h.created_at} empty="—" /></td>
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
                            aria-label=${`${pe(h)?"Disable":"Enable"} ${h.url}`}
                          >
                            ${pe(h)?"Disable":"Enable"}
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
    ${b?f`<${Vo} endpoint=${b} onMessage=${u} />`:null}
    <${pt} open=${o!==null} title=${k} onClose=${()=>i(null)}>
      ${o?.kind==="add"?f`<${No}
              environment=${e}
              eventTypes=${r}
              onCancel=${()=>i(null)}
              onCreated=${(h,P)=>{i({kind:"secret",title:`Signing secret for ${h.url}`,secret:P}),u(`Added ${h.url}.`),d(h.id),m()}}
            />`:null}
      ${o?.kind==="secret"?f`<${mt} label="Signing secret" secret=${o.secret} />
              <div class="buttons">
                <button type="button" class="primary" onClick=${()=>i(null)}>Done</button>
              </div>`:null}
      ${o?.kind==="rotate"?f`<${ve}
              text=${`Deliveries to ${o.endpoint.url} will be signed with a new secret, shown once. Update your receiver before the next event.`}
              confirm="Rotate secret"
              onCancel=${()=>i(null)}
              onConfirm=${async()=>{let h=await _.rotateEndpointSecret(o.endpoint.id);i({kind:"secret",title:`New signing secret for ${h.endpoint.url}`,secret:h.secret})}}
            />`:null}
      ${o?.kind==="remove"?f`<${ve}
              text=${`${o.endpoint.url} will receive no more events. This cannot be undone.`}
              confirm="Remove endpoint"
              danger=${!0}
              onCancel=${()=>i(null)}
              onConfirm=${async()=>{await _.removeEndpoint(o.endpoint.id),a===o.endpoint.id&&d(null),i(null),u(`Removed ${o.endpoint.url}.`),await m()}}
            />`:null}
      ${o?.kind==="test"?f`<${Fo}
              endpoint=${o.endpoint}
              eventTypes=${o.endpoint.events.includes("*")?r:o.endpoint.events}
              onCancel=${()=>i(null)}
              onSent=${h=>{i(null),d(o.endpoint.id),u(`Sent a test ${h} event to ${o.endpoint.url}; it appears under its deliveries.`)}}
            />`:null}
    <//>
  `}function No({environment:e,eventTypes:t,onCancel:n,onCreated:r}){let s=q();return f`
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
        ${t.map(i=>f`<div class="checkbox">
              <input type="checkbox" id=${Q("event",i)} name="events" value=${i} /><label
                for=${Q("event",i)}
                ><code>${i}</code></label
              >
            </div>`)}
      </fieldset>
      <div class="buttons">
        <button type="button" onClick=${n}>Cancel</button>
        <button type="submit" class="primary" disabled=${s.busy}>Add endpoint</button>
      </div>
    </form>
  `}function Fo({endpoint:e,eventTypes:t,onCancel:n,onSent:r}){let s=q();return f`
    <form onSubmit=${i=>{i.preventDefault();let a=String(new FormData(i.currentTarget).get("type")??"");s.run(async()=>{await _.sendTestEvent(e.id,a),r(a)})}}>
      <p>A sample event is signed and delivered to <code>${e.url}</code> like a real one.</p>
      <${A} error=${s.error} />
      <div class="field">
        <label for="test-event-type">Event type</label>
        <select id="test-event-type" name="type" autofocus>
          ${t.map(i=>f`<option value=${i}>${i}</option>`)}
        </select>
      </div>
      <div class="buttons">
        <button type="button" onClick=${n}>Cancel</button>
        <button type="submit" class="primary" disabled=${s.busy}>Send test event</button>
      </div>
    </form>
  `}function Vo({endpoint:e,onMessage:t}){let[n,r]=v(null),s=q(),o=q(),i=()=>s.run(async()=>r(await _.deliveries(e.id)));return L(()=>{i()},[e.id]),f`
    <section class="deliveries" aria-labelledby="deliveries-heading">
      <div class="page-heading">
        <h2 id="deliveries-heading">Recent deliveries to <code>${e.url}</code></h2>
        <button type="button" onClick=${i} disabled=${s.busy}>Refresh</button>
      </div>
      <${A} error=${o.error??s.error} />
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
                          <td><${re} iso=${a.last_attempt_at} empty="—" /></td>
                          <td><${re} iso=${a.next_attempt_at} empty="—" /></td>
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
  `}var Zr={keys:zr,billing:Jr,webhooks:Yr},Qr={signin:Fr,signup:Vr,"verify-email":Xr,"reset-password":Gr};function Xo({page:e,environment:t}){let[n,r]=v(null),[s,o]=v(null);if(L(()=>{_.session().then(r,a=>{ut(a)?location.replace(`/dashboard/signin?next=${encodeURIComponent(location.pathname)}`):o(ne(a))})},[]),!n)return f`<main id="main">
      <h1>${Jt[e]}</h1>
      ${s?f`<${A} error=${s} />`:f`<p aria-busy="true">Loading…</p>`}
    </main>`;let i=Zr[e];return f`<${Br} page=${e} environment=${t} session=${n}
    ><${i} environment=${t}
  /><//>`}var Yt=document.getElementById("app"),{page:gt="",environment:Qt}=document.body.dataset;if(Yt){if(gt in Zr&&(Qt==="test"||Qt==="live"))Ce(f`<${Xo} page=${gt} environment=${Qt} />`,Yt);else if(gt in Qr){let e=Qr[gt];Ce(f`<${e} />`,Yt),window.addEventListener("hashchange",()=>location.reload())}}
