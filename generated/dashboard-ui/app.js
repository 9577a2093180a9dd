// Built by `npm run generate` from service/dashboard/ui/ (esbuild 0.28.2); do not edit.
var Se,$,on,to,ee,en,sn,an,dn,wt,bt,_t,no,me={},ln=[],ro=/acit|ex(?:s|g|n|p|$)|rph|grid|ows|mnc|ntw|ine[ch]|zoo|^ord|itera/i,Ee=Array.isArray;function N(t,e){for(var n in e)t[n]=e[n];return t}function vt(t){t&&t.parentNode&&t.parentNode.removeChild(t)}function Te(t,e,n){var r,s,o,i={};for(o in e)o=="key"?r=e[o]:o=="ref"?s=e[o]:i[o]=e[o];if(arguments.length>2&&(i.children=arguments.length>3?Se.call(arguments,2):n),typeof t=="function"&&t.defaultProps!=null)for(o in t.defaultProps)i[o]===void 0&&(i[o]=t.defaultProps[o]);return Re(t,i,r,s,null)}function Re(t,e,n,r,s){var o={type:t,props:e,key:n,ref:r,__k:null,__:null,__b:0,__e:null,__c:null,constructor:void 0,__v:s??++on,__i:-1,__u:0};return s==null&&$.vnode!=null&&$.vnode(o),o}function Ce(t){return t.children}function fe(t,e){this.props=t,this.context=e}function ie(t,e){if(e==null)return t.__?ie(t.__,t.__i+1):null;for(var n;e<t.__k.length;e++)if((n=t.__k[e])!=null&&n.__e!=null)return n.__e;return typeof t.type=="function"?ie(t):null}function cn(t){var e,n;if((t=t.__)!=null&&t.__c!=null){for(t.__e=t.__c.base=null,e=0;e<t.__k.length;e++)if((n=t.__k[e])!=null&&n.__e!=null){t.__e=t.__c.base=n.__e;break}return cn(t)}}function tn(t){(!t.__d&&(t.__d=!0)&&ee.push(t)&&!Pe.__r++||en!=$.debounceRendering)&&((en=$.debounceRendering)||sn)(Pe)}function Pe(){for(var t,e,n,r,s,o,i,a=1;ee.length;)ee.length>a&&ee.sort(an),t=ee.shift(),a=ee.length,t.__d&&(n=void 0,r=void 0,s=(r=(e=t).__v).__e,o=[],i=[],e.__P&&((n=N({},r)).__v=r.__v+1,$.vnode&&$.vnode(n),$t(e.__P,n,r,e.__n,e.__P.namespaceURI,32&r.__u?[s]:null,o,s??ie(r),!!(32&r.__u),i),n.__v=r.__v,n.__.__k[n.__i]=n,fn(o,n,i),r.__e=r.__=null,n.__e!=s&&cn(n)));Pe.__r=0}function un(t,e,n,r,s,o,i,a,d,c,u){var l,p,f,g,w,k,b,h=r&&r.__k||ln,P=e.length;for(d=oo(n,e,h,d,P),l=0;l<P;l++)(f=n.__k[l])!=null&&(p=f.__i==-1?me:h[f.__i]||me,f.__i=l,k=$t(t,f,p,s,o,i,a,d,c,u),g=f.__e,f.ref&&p.ref!=f.ref&&(p.ref&&xt(p.ref,null,f),u.push(f.ref,f.__c||g,f)),w==null&&g!=null&&(w=g),(b=!!(4&f.__u))||p.__k===f.__k?d=pn(f,d,t,b):typeof f.type=="function"&&k!==void 0?d=k:g&&(d=g.nextSibling),f.__u&=-7);return n.__e=w,d}function oo(t,e,n,r,s){var o,i,a,d,c,u=n.length,l=u,p=0;for(t.__k=new Array(s),o=0;o<s;o++)(i=e[o])!=null&&typeof i!="boolean"&&typeof i!="function"?(typeof i=="string"||typeof i=="number"||typeof i=="bigint"||i.constructor==String?i=t.__k[o]=Re(null,i,null,null,null):Ee(i)?i=t.__k[o]=Re(Ce,{children:i},null,null,null):i.constructor==null&&i.__b>0?i=t.__k[o]=Re(i.type,i.props,i.key,i.ref?i.ref:null,i.__v):t.__k[o]=i,d=o+p,i.__=t,i.__b=t.__b+1,(c=i.__i=so(i,n,d,l))!=-1&&(l--,(a=n[c])&&(a.__u|=2)),a==null||a.__v==null?(c==-1&&(s>u?p--:s<u&&p++),typeof i.type!="function"&&(i.__u|=4)):c!=d&&(c==d-1?p--:c==d+1?p++:(c>d?p--:p++,i.__u|=4))):t.__k[o]=null;if(l)for(o=0;o<u;o++)(a=n[o])!=null&&(2&a.__u)==0&&(a.__e==r&&(r=ie(a)),hn(a,a));return r}function pn(t,e,n,r){var s,o;if(typeof t.type=="function"){for(s=t.__k,o=0;s&&o<s.length;o++)s[o]&&(s[o].__=t,e=pn(s[o],e,n,r));return e}t.__e!=e&&(r&&(e&&t.type&&!e.parentNode&&(e=ie(t)),n.insertBefore(t.__e,e||null)),e=t.__e);do e=e&&e.nextSibling;while(e!=null&&e.nodeType==8);return e}function so(t,e,n,r){var s,o,i,a=t.key,d=t.type,c=e[n],u=c!=null&&(2&c.__u)==0;if(c===null&&a==null||u&&a==c.key&&d==c.type)return n;if(r>(u?1:0)){for(s=n-1,o=n+1;s>=0||o<e.length;)if((c=e[i=s>=0?s--:o++])!=null&&(2&c.__u)==0&&a==c.key&&d==c.type)return i}return-1}function nn(t,e,n){e[0]=="-"?t.setProperty(e,n??""):t[e]=n==null?"":typeof n!="number"||ro.test(e)?n:n+"px"}function xe(t,e,n,r,s){var o,i;e:if(e=="style")if(typeof n=="string")t.style.cssText=n;else{if(typeof r=="string"&&(t.style.cssText=r=""),r)for(e in r)n&&e in n||nn(t.style,e,"");if(n)for(e in n)r&&n[e]==r[e]||nn(t.style,e,n[e])}else if(e[0]=="o"&&e[1]=="n")o=e!=(e=e.replace(dn,"$1")),i=e.toLowerCase(),e=i in t||e=="onFocusOut"||e=="onFocusIn"?i.slice(2):e.slice(2),t.l||(t.l={}),t.l[e+o]=n,n?r?n.u=r.u:(n.u=wt,t.addEventListener(e,o?_t:bt,o)):t.removeEventListener(e,o?_t:bt,o);else{if(s=="http://www.w3.org/2000/svg")e=e.replace(/xlink(H|:h)/,"h").replace(/sName$/,"s");else if(e!="width"&&e!="height"&&e!="href"&&e!="list"&&e!="form"&&e!="tabIndex"&&e!="download"&&e!="rowSpan"&&e!="colSpan"&&e!="role"&&e!="popover"&&e in t)try{t[e]=n??"";break e}catch{}typeof n=="function"||(n==null||n===!1&&e[4]!="-"?t.removeAttribute(e):t.setAttribute(e,e=="popover"&&n==1?"":n))}}function rn(t){return function(e){if(this.l){var n=this.l[e.type+t];if(e.t==null)e.t=wt++;else if(e.t<n.u)return;return n($.event?$.event(e):e)}}}function $t(t,e,n,r,s,o,i,a,d,c){var u,l,p,f,g,w,k,b,h,P,D,M,S,J,se,G,z,q=e.type;if(e.constructor!=null)return null;128&n.__u&&(d=!!(32&n.__u),o=[a=e.__e=n.__e]),(u=$.__b)&&u(e);e:if(typeof q=="function")try{if(b=e.props,h="prototype"in q&&q.prototype.render,P=(u=q.contextType)&&r[u.__c],D=u?P?P.props.value:u.__:r,n.__c?k=(l=e.__c=n.__c).__=l.__E:(h?e.__c=l=new q(b,D):(e.__c=l=new fe(b,D),l.constructor=q,l.render=ao),P&&P.sub(l),l.state||(l.state={}),l.__n=r,p=l.__d=!0,l.__h=[],l._sb=[]),h&&l.__s==null&&(l.__s=l.state),h&&q.getDerivedStateFromProps!=null&&(l.__s==l.state&&(l.__s=N({},l.__s)),N(l.__s,q.getDerivedStateFromProps(b,l.__s))),f=l.props,g=l.state,l.__v=e,p)h&&q.getDerivedStateFromProps==null&&l.componentWillMount!=null&&l.componentWillMount(),h&&l.componentDidMount!=null&&l.__h.push(l.componentDidMount);else{if(h&&q.getDerivedStateFromProps==null&&b!==f&&l.componentWillReceiveProps!=null&&l.componentWillReceiveProps(b,D),e.__v==n.__v||!l.__e&&l.shouldComponentUpdate!=null&&l.shouldComponentUpdate(b,l.__s,D)===!1){for(e.__v!=n.__v&&(l.props=b,l.state=l.__s,l.__d=!1),e.__e=n.__e,e.__k=n.__k,e.__k.some(function(H){H&&(H.__=e)}),M=0;M<l._sb.length;M++)l.__h.push(l._sb[M]);l._sb=[],l.__h.length&&i.push(l);break e}l.componentWillUpdate!=null&&l.componentWillUpdate(b,l.__s,D),h&&l.componentDidUpdate!=null&&l.__h.push(function(){l.componentDidUpdate(f,g,w)})}if(l.context=D,l.props=b,l.__P=t,l.__e=!1,S=$.__r,J=0,h){for(l.state=l.__s,l.__d=!1,S&&S(e),u=l.render(l.props,l.state,l.context),se=0;se<l._sb.length;se++)l.__h.push(l._sb[se]);l._sb=[]}else do l.__d=!1,S&&S(e),u=l.render(l.props,l.state,l.context),l.state=l.__s;while(l.__d&&++J<25);l.state=l.__s,l.getChildContext!=null&&(r=N(N({},r),l.getChildContext())),h&&!p&&l.getSnapshotBeforeUpdate!=null&&(w=l.getSnapshotBeforeUpdate(f,g)),G=u,u!=null&&u.type===Ce&&u.key==null&&(G=mn(u.props.children)),a=un(t,Ee(G)?G:[G],e,n,r,s,o,i,a,d,c),l.base=e.__e,e.__u&=-161,l.__h.length&&i.push(l),k&&(l.__E=l.__=null)}catch(H){if(e.__v=null,d||o!=null)if(H.then){for(e.__u|=d?160:128;a&&a.nodeType==8&&a.nextSibling;)a=a.nextSibling;o[o.indexOf(a)]=null,e.__e=a}else{for(z=o.length;z--;)vt(o[z]);kt(e)}else e.__e=n.__e,e.__k=n.__k,H.then||kt(e);$.__e(H,e,n)}else o==null&&e.__v==n.__v?(e.__k=n.__k,e.__e=n.__e):a=e.__e=io(n.__e,e,n,r,s,o,i,d,c);return(u=$.diffed)&&u(e),128&e.__u?void 0:a}function kt(t){t&&t.__c&&(t.__c.__e=!0),t&&t.__k&&t.__k.forEach(kt)}function fn(t,e,n){for(var r=0;r<n.length;r++)xt(n[r],n[++r],n[++r]);$.__c&&$.__c(e,t),t.some(function(s){try{t=s.__h,s.__h=[],t.some(function(o){o.call(s)})}catch(o){$.__e(o,s.__v)}})}function mn(t){return typeof t!="object"||t==null||t.__b&&t.__b>0?t:Ee(t)?t.map(mn):N({},t)}function io(t,e,n,r,s,o,i,a,d){var c,u,l,p,f,g,w,k=n.props||me,b=e.props,h=e.type;if(h=="svg"?s="http://www.w3.org/2000/svg":h=="math"?s="http://www.w3.org/1998/Math/MathML":s||(s="http://www.w3.org/1999/xhtml"),o!=null){for(c=0;c<o.length;c++)if((f=o[c])&&"setAttribute"in f==!!h&&(h?f.localName==h:f.nodeType==3)){t=f,o[c]=null;break}}if(t==null){if(h==null)return document.createTextNode(b);t=document.createElementNS(s,h,b.is&&b),a&&($.__m&&$.__m(e,o),a=!1),o=null}if(h==null)k===b||a&&t.data==b||(t.data=b);else{if(o=o&&Se.call(t.childNodes),!a&&o!=null)for(k={},c=0;c<t.attributes.length;c++)k[(f=t.attributes[c]).name]=f.value;for(c in k)if(f=k[c],c!="children"){if(c=="dangerouslySetInnerHTML")l=f;else if(!(c in b)){if(c=="value"&&"defaultValue"in b||c=="checked"&&"defaultChecked"in b)continue;xe(t,c,null,f,s)}}for(c in b)f=b[c],c=="children"?p=f:c=="dangerouslySetInnerHTML"?u=f:c=="value"?g=f:c=="checked"?w=f:a&&typeof f!="function"||k[c]===f||xe(t,c,f,k[c],s);if(u)a||l&&(u.__html==l.__html||u.__html==t.innerHTML)||(t.innerHTML=u.__html),e.__k=[];else if(l&&(t.innerHTML=""),un(e.type=="template"?t.content:t,Ee(p)?p:[p],e,n,r,h=="foreignObject"?"http://www.w3.org/1999/xhtml":s,o,i,o?o[0]:n.__k&&ie(n,0),a,d),o!=null)for(c=o.length;c--;)vt(o[c]);a||(c="value",h=="progress"&&g==null?t.removeAttribute("value"):g!=null&&(g!==t[c]||h=="progress"&&!g||h=="option"&&g!=k[c])&&xe(t,c,g,k[c],s),c="checked",w!=null&&w!=t[c]&&xe(t,c,w,k[c],s))}return t}function xt(t,e,n){try{if(typeof t=="function"){var r=typeof t.__u=="function";r&&t.__u(),r&&e==null||(t.__u=t(e))}else t.current=e}catch(s){$.__e(s,n)}}function hn(t,e,n){var r,s;if($.unmount&&$.unmount(t),(r=t.ref)&&(r.current&&r.current!=t.__e||xt(r,null,e)),(r=t.__c)!=null){if(r.componentWillUnmount)try{r.componentWillUnmount()}catch(o){$.__e(o,e)}r.base=r.__P=null}if(r=t.__k)for(s=0;s<r.length;s++)r[s]&&hn(r[s],e,n||typeof t.type!="function");n||vt(t.__e),t.__c=t.__=t.__e=void 0}function ao(t,e,n){return this.constructor(t,n)}function Ae(t,e,n){var r,s,o,i;e==document&&(e=document.documentElement),$.__&&$.__(t,e),s=(r=typeof n=="function")?null:n&&n.__k||e.__k,o=[],i=[],$t(e,t=(!r&&n||e).__k=Te(Ce,null,[t]),s||me,me,e.namespaceURI,!r&&n?[n]:s?null:e.firstChild?Se.call(e.childNodes):null,o,!r&&n?n:s?s.__e:e.firstChild,r,i),fn(o,t,i)}Se=ln.slice,$={__e:function(t,e,n,r){for(var s,o,i;e=e.__;)if((s=e.__c)&&!s.__)try{if((o=s.constructor)&&o.getDerivedStateFromError!=null&&(s.setState(o.getDerivedStateFromError(t)),i=s.__d),s.componentDidCatch!=null&&(s.componentDidCatch(t,r||{}),i=s.__d),i)return s.__E=s}catch(a){t=a}throw t}},on=0,to=function(t){return t!=null&&t.constructor==null},fe.prototype.setState=function(t,e){var n;n=this.__s!=null&&this.__s!=this.state?this.__s:this.__s=N({},this.state),typeof t=="function"&&(t=t(N({},n),this.props)),t&&N(n,t),t!=null&&this.__v&&(e&&this._sb.push(e),tn(this))},fe.prototype.forceUpdate=function(t){this.__v&&(this.__e=!0,t&&this.__h.push(t),tn(this))},fe.prototype.render=Ce,ee=[],sn=typeof Promise=="function"?Promise.prototype.then.bind(Promise.resolve()):setTimeout,an=function(t,e){return t.__v.__b-e.__v.__b},Pe.__r=0,dn=/(PointerCapture)$|Capture$/i,wt=0,bt=rn(!1),_t=rn(!0),no=0;var gn=function(t,e,n,r){var s;e[0]=0;for(var o=1;o<e.length;o++){var i=e[o++],a=e[o]?(e[0]|=i?1:2,n[e[o++]]):e[++o];i===3?r[0]=a:i===4?r[1]=Object.assign(r[1]||{},a):i===5?(r[1]=r[1]||{})[e[++o]]=a:i===6?r[1][e[++o]]+=a+"":i?(s=t.apply(a,gn(t,a,n,["",null])),r.push(s),a[0]?e[0]|=2:(e[o-2]=0,e[o]=s)):r.push(a)}return r},yn=new Map;function bn(t){var e=yn.get(this);return e||(e=new Map,yn.set(this,e)),(e=gn(this,e.get(t)||(e.set(t,e=(function(n){for(var r,s,o=1,i="",a="",d=[0],c=function(p){o===1&&(p||(i=i.replace(/^\s*\n\s*|\s*\n\s*$/g,"")))?d.push(0,p,i):o===3&&(p||i)?(d.push(3,p,i),o=2):o===2&&i==="..."&&p?d.push(4,p,0):o===2&&i&&!p?d.push(5,0,!0,i):o>=5&&((i||!p&&o===5)&&(d.push(o,0,i,s),o=6),p&&(d.push(o,p,0,s),o=6)),i=""},u=0;u<n.length;u++){u&&(o===1&&c(),c(u));for(var l=0;l<n[u].length;l++)r=n[u][l],o===1?r==="<"?(c(),d=[d],o=3):i+=r:o===4?i==="--"&&r===">"?(o=1,i=""):i=r+i[0]:a?r===a?a="":i+=r:r==='"'||r==="'"?a=r:r===">"?(c(),o=1):o&&(r==="="?(o=5,s=i,i=""):r==="/"&&(o<5||n[u][l+1]===">")?(c(),o===3&&(d=d[0]),o=d,(d=d[0]).push(2,0,o),o=0):r===" "||r==="	"||r===`
`||r==="\r"?(c(),o=2):i+=r),o===3&&i==="!--"&&(o=4,d=d[0])}return c(),d})(t)),e),arguments,[])).length>1?e:e[0]}var m=bn.bind(Te);var he,T,Rt,_n,Ie=0,Sn=[],C=$,kn=C.__b,wn=C.__r,vn=C.diffed,$n=C.__c,xn=C.unmount,Rn=C.__;function St(t,e){C.__h&&C.__h(T,t,Ie||e),Ie=0;var n=T.__H||(T.__H={__:[],__h:[]});return t>=n.__.length&&n.__.push({}),n.__[t]}function v(t){return Ie=1,lo(Tn,t)}function lo(t,e,n){var r=St(he++,2);if(r.t=t,!r.__c&&(r.__=[n?n(e):Tn(void 0,e),function(a){var d=r.__N?r.__N[0]:r.__[0],c=r.t(d,a);d!==c&&(r.__N=[c,r.__[1]],r.__c.setState({}))}],r.__c=T,!T.__f)){var s=function(a,d,c){if(!r.__c.__H)return!0;var u=r.__c.__H.__.filter(function(p){return!!p.__c});if(u.every(function(p){return!p.__N}))return!o||o.call(this,a,d,c);var l=r.__c.props!==a;return u.forEach(function(p){if(p.__N){var f=p.__[0];p.__=p.__N,p.__N=void 0,f!==p.__[0]&&(l=!0)}}),o&&o.call(this,a,d,c)||l};T.__f=!0;var o=T.shouldComponentUpdate,i=T.componentWillUpdate;T.componentWillUpdate=function(a,d,c){if(this.__e){var u=o;o=void 0,s(a,d,c),o=u}i&&i.call(this,a,d,c)},T.shouldComponentUpdate=s}return r.__N||r.__}function L(t,e){var n=St(he++,3);!C.__s&&En(n.__H,e)&&(n.__=t,n.u=e,T.__H.__h.push(n))}function ye(t){return Ie=5,co(function(){return{current:t}},[])}function co(t,e){var n=St(he++,7);return En(n.__H,e)&&(n.__=t(),n.__H=e,n.__h=t),n.__}function uo(){for(var t;t=Sn.shift();)if(t.__P&&t.__H)try{t.__H.__h.forEach(Oe),t.__H.__h.forEach(Pt),t.__H.__h=[]}catch(e){t.__H.__h=[],C.__e(e,t.__v)}}C.__b=function(t){T=null,kn&&kn(t)},C.__=function(t,e){t&&e.__k&&e.__k.__m&&(t.__m=e.__k.__m),Rn&&Rn(t,e)},C.__r=function(t){wn&&wn(t),he=0;var e=(T=t.__c).__H;e&&(Rt===T?(e.__h=[],T.__h=[],e.__.forEach(function(n){n.__N&&(n.__=n.__N),n.u=n.__N=void 0})):(e.__h.forEach(Oe),e.__h.forEach(Pt),e.__h=[],he=0)),Rt=T},C.diffed=function(t){vn&&vn(t);var e=t.__c;e&&e.__H&&(e.__H.__h.length&&(Sn.push(e)!==1&&_n===C.requestAnimationFrame||((_n=C.requestAnimationFrame)||po)(uo)),e.__H.__.forEach(function(n){n.u&&(n.__H=n.u),n.u=void 0})),Rt=T=null},C.__c=function(t,e){e.some(function(n){try{n.__h.forEach(Oe),n.__h=n.__h.filter(function(r){return!r.__||Pt(r)})}catch(r){e.some(function(s){s.__h&&(s.__h=[])}),e=[],C.__e(r,n.__v)}}),$n&&$n(t,e)},C.unmount=function(t){xn&&xn(t);var e,n=t.__c;n&&n.__H&&(n.__H.__.forEach(function(r){try{Oe(r)}catch(s){e=s}}),n.__H=void 0,e&&C.__e(e,n.__v))};var Pn=typeof requestAnimationFrame=="function";function po(t){var e,n=function(){clearTimeout(r),Pn&&cancelAnimationFrame(e),setTimeout(t)},r=setTimeout(n,35);Pn&&(e=requestAnimationFrame(n))}function Oe(t){var e=T,n=t.__c;typeof n=="function"&&(t.__c=void 0,n()),T=e}function Pt(t){var e=T;t.__c=t.__(),T=e}function En(t,e){return!t||t.length!==e.length||e.some(function(n,r){return n!==t[r]})}function Tn(t,e){return typeof e=="function"?e(t):e}var ae=class{constructor(e){this.responsePromise=e}responsePromise;parsed;[Symbol.toStringTag]="APIPromise";withResponse(){return this.responsePromise}body(){return this.parsed??=this.responsePromise.then(e=>e.data),this.parsed}then(e,n){return this.body().then(e,n)}catch(e){return this.body().catch(e)}finally(e){return this.body().finally(e)}};var x=class{constructor(e){this._client=e}_client};function Cn(){let t=globalThis;if(t.process?.env)return t.process.env;try{return t.Deno?.env?.toObject?.()??{}}catch{return{}}}var y=class extends Error{name="ClientError"},E=class t extends y{name="APIError";status;code;param;requestId;headers;body;retryAfterMs;constructor(e,n,r,s,o){let i=mo(n),a=i.requestId??(o?s?.get(o)??null:null);super(t.describe(e,i.code,i.message??r,a)),this.status=e,this.code=i.code,this.param=i.param,this.requestId=a,this.headers=s,this.body=n,this.retryAfterMs=s?Et(s):null}static describe(e,n,r,s){let o=[e,n].filter(a=>a!=null).join(" "),i=r??(e?"request failed":"no response");return`${o?`${o}: `:""}${i}${s?` (request_id ${s})`:""}`}static generate(e,n,r,s){let o=i=>new i(e,n,void 0,r,s);return e===400?o(qe):e===401?o(Me):e===403?o(Le):e===404?o(je):e===409?o(De):e===422?o(Ue):e===429?o(He):e>=500?o(We):o(t)}},qe=class extends E{name="BadRequestError"},Me=class extends E{name="AuthenticationError"},Le=class extends E{name="PermissionDeniedError"},je=class extends E{name="NotFoundError"},De=class extends E{name="ConflictError"},Ue=class extends E{name="UnprocessableEntityError"},He=class extends E{name="RateLimitError";retryAfter;constructor(e,n,r,s,o){super(e,n,r,s,o),this.retryAfter=this.retryAfterMs===null?null:Math.ceil(this.retryAfterMs/1e3)}},We=class extends E{name="InternalServerError"},U=class extends E{name="APIConnectionError";constructor(e="Connection error.",n){super(void 0,void 0,e,void 0),n?.cause!==void 0&&(this.cause=n.cause)}},de=class extends U{name="APIConnectionTimeoutError";constructor(e,n="Request timed out"){super(`${n} after ${e} ms.`)}},O=class extends E{name="APIUserAbortError";constructor(){super(void 0,void 0,"Request was aborted.",void 0)}},ge=class extends y{name="ValidationError";issues;operation;constructor(e,n,r){super(`${e}: ${n}: ${fo(r)}`),this.operation=e,this.issues=r}},le=class extends ge{name="RequestValidationError";part;value;constructor(e,n,r,s){super(e,`${n==="body"?"the request's body breaks":"the request's query parameters break"} the schema`,s),this.part=n,this.value=r}},ce=class extends ge{name="ResponseValidationError";status;body;headers;requestId;constructor(e,n,r){super(e,`the ${n.status} response breaks the schema`,r),this.status=n.status,this.body=n.body,this.headers=n.headers,this.requestId=n.requestId}};function fo(t){let e=t.slice(0,3).map(r=>{let s=(r.path??[]).map(o=>String(typeof o=="object"?o.key:o)).join(".");return s?`${s}: ${r.message}`:r.message}),n=t.length>e.length?` (and ${t.length-e.length} more)`:"";return`${e.join("; ")}${n}`}function mo(t){let e=t&&typeof t=="object"?t:{},n=Array.isArray(e.errors)?e.errors[0]:void 0,s=(e.error&&typeof e.error=="object"?e.error:n&&typeof n=="object"?n:void 0)??e,o=l=>l.toLowerCase().replace(/[_-]/g,""),i=(l,...p)=>{for(let g of p)if(l[g]!==void 0)return l[g];let f=p.map(o);for(let g of f)for(let[w,k]of Object.entries(l))if(o(w)===g)return k},a=l=>typeof l=="string"&&l?l:null,d=a(i(s,"type")),c=d==="about:blank"?null:d,u=i(s,"code","error_code");return{code:a(u)??(Number.isInteger(u)?String(u):null)??c??a(i(e,"error")),message:a(i(s,"message"))??a(i(s,"detail"))??a(i(s,"error_description"))??a(i(s,"title"))??a(i(e,"message"))??void 0,param:a(i(s,"param")),requestId:a(i(s,"request_id"))??a(i(e,"request_id"))}}function Et(t,e=Date.now()){let n=t.get("retry-after-ms")?.trim();return n&&/^\d+(\.\d+)?$/.test(n)?Number(n):ho(t.get("retry-after"),e)}function ho(t,e=Date.now()){if(t==null||t.trim()==="")return null;if(/^\d+$/.test(t.trim()))return Number(t.trim())*1e3;let n=Date.parse(t);return Number.isNaN(n)?null:Math.max(0,n-e)}function Ct(t,e){return e.find(n=>t.startsWith(n.prefix))}function Be(){let t=globalThis;return typeof t.window<"u"&&typeof t.document<"u"}var Tt=class extends y{name="SecretKeyInBrowserError";constructor(e){super(`Refusing to use a secret key (${e}\u2026) in a browser: anyone who opens the page could copy it. Use a publishable (pk_) key in client-side code and keep secret keys on your server.`)}};function An(t,e,n=Be()){let r=Ct(t,e);if((r?r.type==="secret":/(^|_)sk_/.test(t))&&n)throw new Tt(r?.prefix??t.slice(0,t.indexOf("sk_")+3))}function j(t,e){return Object.hasOwn(t,e)?t[e]:void 0}var yo={path:"simple",query:"form",header:"simple",cookie:"form"};function Ke(t){let e=t.style??yo[t.in];return{style:e,explode:t.explode??e==="form"}}function W(t){return t instanceof Date?t.toISOString():typeof t=="string"?t:typeof t=="number"||typeof t=="boolean"||typeof t=="bigint"?String(t):JSON.stringify(t)}function Ne(t,e){if(e==null)return;if(t.json)return{kind:"primitive",text:JSON.stringify(e)};let n=t.shape==="unknown"||t.shape===void 0?Array.isArray(e)?"array":At(e)?"object":"primitive":t.shape;if(n==="array"){let r=(Array.isArray(e)?e:[e]).filter(s=>s!=null);return r.length===0?void 0:{kind:"array",items:r.map(W)}}if(n==="object"&&At(e)){let r=Object.entries(e).filter(([,s])=>s!=null).map(([s,o])=>[s,W(o)]);return r.length===0?void 0:{kind:"object",entries:r}}return{kind:"primitive",text:W(e)}}function At(t){if(!t||typeof t!="object"||Array.isArray(t)||t instanceof Date)return!1;let e=Object.getPrototypeOf(t);return e===Object.prototype||e===null}var On=t=>`%${t.charCodeAt(0).toString(16).toUpperCase().padStart(2,"0")}`;function be(t,e=""){let n=encodeURIComponent(t).replace(/[!'()*]/g,On);for(let r of e)/[A-Za-z0-9\-._~]/.test(r)&&(n=n.split(r).join(On(r)));return n}function B(t,e=!1,n=""){let r=be(t).replace(/%20/g,"+");return e&&(r=r.replace(/%(3A|2F|3F|40|21|24|27|28|29|2A|2C|3B)/g,s=>n.includes(decodeURIComponent(s))?s:decodeURIComponent(s))),r}var Ot=t=>t;function te(t,e,n=B){let r=Ne(t,e);if(!r)return[];let{style:s,explode:o}=Ke(t),i=t.allowReserved===!0,a=(f,g="")=>n(f,!1,g),d=(f,g="")=>n(f,i,g),c=a(t.name,"[]");if(r.kind==="primitive")return[[c,d(r.text)]];if(s==="deepObject"){let f=[],g=(w,k)=>{if(w!=null)if(Array.isArray(w))w.forEach((b,h)=>g(b,`${k}[${h}]`));else if(At(w))for(let[b,h]of Object.entries(w))g(h,`${k}[${a(b,"[]")}]`);else f.push([k,d(W(w))])};return g(r.kind==="array"&&!Array.isArray(e)?[e]:e,c),f}if(o&&(s==="form"||s==="spaceDelimited"||s==="pipeDelimited"))return r.kind==="array"?r.items.map(f=>[c,d(f)]):r.entries.map(([f,g])=>[a(f),d(g)]);let[u,l]=s==="spaceDelimited"?[n===Ot?" ":"%20"," "]:s==="pipeDelimited"?["|","|"]:[",",","],p=r.kind==="array"?r.items:r.entries.flat();return[[c,p.map(f=>d(f,l)).join(u)]]}function In(t,e){return t.filter(n=>n.in==="query").flatMap(n=>te(n,j(e,n.name))).map(([n,r])=>`${n}=${r}`).join("&")}function go(t,e,n=""){let r=Ne(t,e);if(!r)throw new y(`Missing path parameter "${t.name}".`);let{style:s,explode:o}=Ke(t),i=n.charAt(0)==="/"?"":n.charAt(0),a=s==="label"?`.${i}`:s==="matrix"?`;=,${i}`:`,${i}`,d=l=>be(l,a);if(r.kind==="primitive"&&r.text===""&&s==="simple")throw new y(`Missing path parameter "${t.name}".`);if(s==="matrix"){let l=d(t.name);return r.kind==="primitive"?`;${l}${r.text===""?"":`=${d(r.text)}`}`:r.kind==="array"?o?r.items.map(p=>`;${l}=${d(p)}`).join(""):`;${l}=${r.items.map(d).join(",")}`:o?r.entries.map(([p,f])=>`;${d(p)}=${d(f)}`).join(""):`;${l}=${r.entries.flat().map(d).join(",")}`}let c=s==="label"?".":"",u=s==="label"&&o?".":",";return r.kind==="primitive"?`${c}${d(r.text)}`:r.kind==="array"?`${c}${r.items.map(d).join(u)}`:`${c}${r.entries.map(([l,p])=>o?`${d(l)}=${d(p)}`:`${d(l)},${d(p)}`).join(u)}`}function qn(t,e,n){let r=t.replace(/[?#].*$/s,"").split(/(\{[^}]+\})/),s=0,i=r.map((a,d)=>{let c=/^\{([^}]+)\}$/.exec(a)?.[1];if(c===void 0)return a;let u=e.find(p=>p.in==="path"&&p.name===c)??{name:c,in:"path"},l=n[s++];if(l==null||l==="")throw new y(`Missing path parameter "${c}" for ${t}.`);return go(u,l,r[d+1]??"")}).join("");if(i.split("/").some(a=>a==="."||a===".."))throw new y(`A path parameter of ${t} makes a "." or ".." segment, which URLs resolve away.`);return i}function Mn(t,e){let n=Ne(t,e);if(!n)return;let{explode:r}=Ke(t),s=n.kind==="primitive"?n.text:n.kind==="array"?n.items.join(","):n.entries.map(([o,i])=>r?`${o}=${i}`:`${o},${i}`).join(",");if(/[^\t\x20-\x7E]/.test(s))throw new y(`Header parameter "${t.name}" must be printable ASCII; got ${JSON.stringify(s.slice(0,40))}.`);return s}function Ln(t,e){let n=Ne(t,e);if(!n)return[];let{explode:r}=Ke(t),s=i=>be(i,","),o=be(t.name);return n.kind==="primitive"?[`${o}=${s(n.text)}`]:n.kind==="array"?r?n.items.map(i=>`${o}=${s(i)}`):[`${o}=${n.items.map(s).join(",")}`]:r?n.entries.map(([i,a])=>`${be(i)}=${s(a)}`):[`${o}=${n.entries.flat().map(s).join(",")}`]}var Fe={debug:10,info:20,warn:30,error:40,off:50},It=Object.keys(Fe),Dn="warn";function qt(t,e){if(t===void 0||t.trim()==="")return;let n=t.trim().toLowerCase();if(n in Fe)return n;throw new y(`${e} is ${JSON.stringify(t.slice(0,40))}; expected one of ${It.join(", ")}.`)}var bo=new Set(["authorization","proxy-authorization","cookie","set-cookie","x-api-key","api-key"]),Un="[redacted]";function _o(t,e=[]){let n=new Set(e.map(r=>r.toLowerCase()));return Object.fromEntries(Object.entries(t).map(([r,s])=>[r,bo.has(r.toLowerCase())||n.has(r.toLowerCase())?Un:s]))}function ko(t,e){if(e.length===0||!t.includes("?"))return t;let[n,r=""]=t.split("?",2),s=new Set(e.map(o=>encodeURIComponent(o)));return`${n}?${r.split("&").map(o=>s.has(o.split("=",1)[0])?`${o.split("=",1)[0]}=${Un}`:o).join("&")}`}var Ve=class{constructor(e,n){this.level=e;this.logger=n}level;logger;enabled(e){return Fe[e]>=Fe[this.level]}log(e,n,r){if(this.enabled(e))try{r===void 0?this.logger[e](n):this.logger[e](n,r)}catch(s){throw new y(`The logger's ${e}() threw: ${s?.message??String(s)}`,{cause:s})}}},wo=/auth|key|secret|token|cookie|session|password|signature/i;function Hn(t,e,n,r,s,o,i,a){if(!t.enabled("debug"))return;let d=ko(n,s?.kind==="query"?[s.name]:[]),c=a.status===null?`failed (${a.error})`:String(a.status),u=a.retry?`; retrying in ${a.waitMs} ms (${a.reason})`:a.reason?`; not retried (${a.reason})`:"",l=Object.keys(r).filter(f=>/idempotency/i.test(f)),p=Object.keys(r).filter(f=>wo.test(f)&&!l.includes(f));(s?.kind==="header"||s?.kind==="cookie")&&p.push(s.name),s?.kind==="cookie"&&s.csrfHeader&&p.push(s.csrfHeader),t.log("debug",`${e} ${d} \u2192 ${c} in ${a.elapsedMs} ms${a.requestId?` (${a.requestId})`:""}, attempt ${o+1} of ${i+1}${u}`,{method:e,url:d,attempt:o+1,status:a.status,requestId:a.requestId??null,elapsedMs:a.elapsedMs,retry:a.retry,...a.retry?{waitMs:a.waitMs}:{},...a.reason?{reason:a.reason}:{},requestHeaders:_o(r,p)})}var jn=new Set;function Wn(t,e,n){let r=`${e.method.toUpperCase()} ${e.path}`,s=e.deprecated?[`${r} is deprecated`]:[];for(let o of e.params)o.deprecated&&(o.in==="path"||j(n,o.name)!==void 0)&&s.push(`The ${o.in} parameter ${o.name} of ${r} is deprecated`);for(let o of s)jn.has(o)||!t.enabled("warn")||(jn.add(o),t.log("warn",`${o} in the API this client was generated from; it may be removed.`))}var Xe=class{async*iterPages(){let e=this;for(yield e;e.hasNextPage();)e=await e.getNextPage(),yield e}async*[Symbol.asyncIterator](){for await(let e of this.iterPages())yield*e.data}},Je=class extends Xe{constructor(n,r,s,o){super();this.spec=n;this.params=r;this.fetchPage=s;this.body=o&&typeof o=="object"?o:{};let i=this.body[n.dataField];this.data=Array.isArray(i)?i:[],this.hasMore=this.body[n.hasMoreField]===!0,this.nextCursor=Bn(this.body[n.nextCursorField]),this.previousCursor=n.previousCursorField?Bn(this.body[n.previousCursorField]):null,this.direction=n.backwardParam&&j(r,n.backwardParam)!==void 0?"backward":"forward"}spec;params;fetchPage;data;hasMore;nextCursor;previousCursor;direction;body;hasNextPage(){return this.direction==="forward"?this.hasMore&&this.nextCursor!==null&&this.nextCursor!==j(this.params,this.spec.forwardParam):this.hasPreviousPage()}hasPreviousPage(){return!this.spec.backwardParam||this.previousCursor===null||this.direction==="backward"&&this.previousCursor===j(this.params,this.spec.backwardParam)?!1:this.direction==="backward"?this.hasMore:!0}async getNextPage(){if(this.direction==="backward")return this.getPreviousPage();if(!this.nextCursor)throw new y("No next page: this is the last one (has_more is false).");return(await this.fetchPage(this.neighbourParams(this.spec.forwardParam,this.nextCursor))).data}async getPreviousPage(){if(!this.spec.backwardParam)throw new y("This list cannot be paged backward.");if(!this.previousCursor)throw new y("No previous page: this is the first one.");return(await this.fetchPage(this.neighbourParams(this.spec.backwardParam,this.previousCursor))).data}neighbourParams(n,r){let s={...this.params,[n]:r};for(let o of[this.spec.forwardParam,this.spec.backwardParam])o&&o!==n&&delete s[o];return s}},_e=class extends ae{async*[Symbol.asyncIterator](){yield*await this}};function Bn(t){return typeof t=="string"&&t!==""?t:null}var Ge=class extends Xe{constructor(n,r,s,o,i,a,d){super();this.fetchPage=s;this.url=a;this.body=o;let c=Mt(o,n.items),u=Array.isArray(c)?c:[];this.itemsKey=JSON.stringify(u);let l=n.style==="link"||n.linkHeader!==void 0,p=vo(n,r,o,u.length,i),f=this.nextUrl(p),g=l?`${this.itemsKey}
${f??""}`:void 0,w=u.length>0&&d!==void 0&&(this.itemsKey===d.itemsKey||g!==void 0&&g===d.firstPageKey);this.data=w?[]:u,this.firstPageKey=d?d.firstPageKey:g,this.asked=l?{url:Kn(a),before:d?.asked}:void 0;let k=!1;for(let b=this.asked;f&&b&&!k;b=b.before)k=b.url===f;this.next=w||k?null:p}fetchPage;url;data;body;itemsKey;firstPageKey;asked;next;nextPageRequest(){return this.next&&structuredClone(this.next)}nextUrl(n){if(!(!n||!("url"in n)))try{return Kn(new URL(n.url,this.url).href)}catch{return}}hasNextPage(){return this.next!==null}async getNextPage(){let n=this.next;if(!n)throw new y("No next page: this is the last one.");return(await this.fetchPage(n,{itemsKey:this.itemsKey,firstPageKey:this.firstPageKey,asked:this.asked})).data}};function Kn(t){let e=t.indexOf("#");return e<0?t:t.slice(0,e)}function vo(t,e,n,r,s){if(r===0)return null;let o=()=>{let a=t.nextField?Mt(n,t.nextField):t.linkHeader?$o(s.get(t.linkHeader)??"").find(d=>d.rel.includes("next"))?.uri:void 0;return typeof a=="string"&&a!==""?{url:a}:null};if(t.style==="link"||t.linkHeader)return o();let i=(a,d)=>{let c=a===void 0?void 0:Number(j(e,a)??d);return c!==void 0&&Number.isFinite(c)?c:void 0};if(t.style==="offset"){let a=(i(t.offsetParam,0)??0)+r,d=t.totalField?Mt(n,t.totalField):void 0;return typeof d=="number"&&a>=d?null:{params:{...e,[t.offsetParam]:a}}}return{params:{...e,[t.pageParam]:(i(t.pageParam,t.firstPage??1)??1)+1}}}function Mt(t,e){let n=t;for(let r of e)n=n&&typeof n=="object"&&!Array.isArray(n)?n[r]:void 0;return n}function $o(t){let e=[],n=0,r=o=>{for(;n<t.length&&o.test(t[n]);)n+=1},s=()=>{let o=!1;for(;n<t.length;n+=1){let i=t[n];if(o&&i==="\\")n+=1;else if(i==='"')o=!o;else if(i===","&&!o)return}};for(;n<t.length&&(r(/[\s,]/),!(n>=t.length));){if(t[n]!=="<"){s();continue}let o=t.indexOf(">",n);if(o<0)break;let i={uri:t.slice(n+1,o).trim(),rel:[],params:{}};for(n=o+1;r(/[ \t]/),t[n]===";";){n+=1,r(/[ \t]/);let a=/^[!#$%&'*+.^_`|~0-9A-Za-z-]+/.exec(t.slice(n))?.[0];if(!a)break;n+=a.length,r(/[ \t]/);let d="";if(t[n]==="=")if(n+=1,r(/[ \t]/),t[n]==='"'){for(n+=1;n<t.length&&t[n]!=='"';n+=1)d+=t[n]==="\\"?t[++n]??"":t[n];n+=1}else d=/^[^,;\s]*/.exec(t.slice(n))[0],n+=d.length;let c=a.toLowerCase();Object.hasOwn(i.params,c)||(i.params[c]=d)}i.rel=(i.params.rel??"").toLowerCase().split(/\s+/).filter(Boolean),e.push(i),s()}return e}function Nn(t){let e="";for(let n of new TextEncoder().encode(t))e+=String.fromCharCode(n);return btoa(e)}var Fn=Symbol.for("openapi-client.part-headers");function F(t){return t&&typeof t=="object"&&Fn in t?{value:t.value,headers:t[Fn]}:{value:t,headers:{}}}function Y(t){return typeof Blob<"u"&&t instanceof Blob}function ze(t){return typeof ReadableStream<"u"&&t instanceof ReadableStream}function Lt(t){let e=F(t).value;return Y(e)||e instanceof ArrayBuffer||ArrayBuffer.isView(e)||ze(e)}function Vn(t){let e=t?.name;return Y(t)&&typeof e=="string"&&e!==""?e:void 0}async function xo(t){let e=[],n=t.getReader();for(;;){let{done:r,value:s}=await n.read();if(r)return e;e.push(s)}}async function Xn(t,e){return Y(t)?t.type||!e?t:t.slice(0,t.size,e):ze(t)?new Blob(await xo(t),{type:e}):ArrayBuffer.isView(t)?new Blob([new Uint8Array(t.buffer,t.byteOffset,t.byteLength)],{type:e}):t instanceof ArrayBuffer?new Blob([t],{type:e}):new Blob([String(t)],{type:e})}function Qn(t,e){return(t??"").split(",").map(r=>r.trim()).find(r=>r!==""&&!r.includes("*"))??e}function Jn(t){return`"${t.replace(/\r/g,"%0D").replace(/\n/g,"%0A").replace(/"/g,"%22")}"`}function Ro(t,e){if(/[\r\n]/.test(t)||/[\r\n]/.test(e))throw new y(`Multipart part header ${JSON.stringify(t)} must not contain line breaks.`)}async function Po(t,e,n){let{value:r,headers:s}=F(e),i=(Y(r)?r.type:"")||Qn(n?.contentType,"application/octet-stream");return{name:t,filename:Vn(r)??t,contentType:i,headers:s,content:await Xn(r,i)}}function Gn(t,e,n){let{value:r,headers:s}=F(e);return{name:t,...n?{contentType:n}:{},headers:s,content:W(r)}}function zn(t,e,n){let{value:r,headers:s}=F(e);return{name:t,contentType:Qn(n?.contentType,"application/json"),headers:s,content:JSON.stringify(r)}}async function So(t,e,n){if(e==null)return[];if(n?.styled){let i={name:t,in:"query",style:n.style??"form",explode:n.explode??(n.style??"form")==="form",shape:n.shape==="file"||n.shape==="files"?"primitive":n.shape};return te(i,F(e).value,Ot).map(([a,d])=>Gn(a,d,void 0))}let r=n?.shape??(Lt(e)?"file":Array.isArray(e)?"array":typeof e=="object"&&!(e instanceof Date)?"object":"primitive"),s=n?.contentType&&!/^text\/plain\b/i.test(n.contentType)?n.contentType:void 0,o=async i=>{let a=F(i).value;return r==="file"||r==="files"||Lt(i)?Po(t,i,n):a!==null&&typeof a=="object"&&!(a instanceof Date)||s&&/json/i.test(s)?zn(t,i,n):Gn(t,i,s)};return Array.isArray(e)&&(r==="files"||r==="array")?Promise.all(e.filter(i=>i!=null).map(o)):[await o(e)]}function Yn(){let t=new Uint8Array(16);return globalThis.crypto.getRandomValues(t),`----openapi-client-${Array.from(t,e=>e.toString(16).padStart(2,"0")).join("")}`}async function Zn(t,e=[]){let n=new Map(e.map(a=>[a.name,a])),r=[...e.map(a=>a.name).filter(a=>Object.hasOwn(t,a)),...Object.keys(t).filter(a=>!n.has(a))],s=(await Promise.all(r.map(a=>So(a,t[a],n.get(a))))).flat(),o=Yn();for(;s.some(a=>typeof a.content=="string"&&a.content.includes(o));)o=Yn();let i=[];for(let a of s){let d=[`--${o}`,`Content-Disposition: form-data; name=${Jn(a.name)}${a.filename!==void 0?`; filename=${Jn(a.filename)}`:""}`];a.contentType&&d.push(`Content-Type: ${a.contentType}`);for(let[c,u]of Object.entries(a.headers))Ro(c,u),d.push(`${c}: ${u}`);i.push(`${d.join(`\r
`)}\r
\r
`,a.content,`\r
`)}return i.push(`--${o}--\r
`),{body:new Blob(i),contentType:`multipart/form-data; boundary=${o}`}}function nr(t,e){if(e==null)return t[0];let n=t.find(r=>r.mediaType.toLowerCase()===String(e).toLowerCase());if(!n)throw new y(`This operation does not take ${String(e)}; it takes ${t.map(r=>r.mediaType).join(", ")}.`);return n}function Eo(t,e=[]){let n=new Map(e.map(s=>[s.name,s]));return[...e.map(s=>s.name).filter(s=>Object.hasOwn(t,s)),...Object.keys(t).filter(s=>!n.has(s))].flatMap(s=>{let o=n.get(s),i=t[s];if(o?.styled){let c=o.style??"form",u={name:s,in:"query",style:c,explode:o.explode??c==="form",shape:o.shape==="file"||o.shape==="files"?"primitive":o.shape,...o.allowReserved?{allowReserved:!0}:{}};return te(u,i)}if(o?.shape==="unknown"&&o.contentType&&/json/i.test(o.contentType))return i==null?[]:te({name:s,in:"query"},JSON.stringify(i));let a=c=>c!==null&&typeof c=="object"&&!(c instanceof Date)?JSON.stringify(c):W(c);return(Array.isArray(i)?i:[i]).filter(c=>c!=null).flatMap(c=>te({name:s,in:"query"},a(c)))}).map(([s,o])=>`${s}=${o}`).join("&")}function er(t,e){return t.includes("*")?Y(e)&&e.type||"application/octet-stream":t}async function jt(t,e){let n=F(e).value;switch(t.kind){case"multipart":{if(!n||typeof n!="object"||Array.isArray(n))throw new y("A multipart/form-data body is an object whose properties are its parts.");let{body:r,contentType:s}=await Zn(n,t.parts);return{body:r,contentType:s,replayable:!0}}case"form":if(!n||typeof n!="object"||Array.isArray(n))throw new y("A form-urlencoded body is an object whose properties are its fields.");return{body:Eo(n,t.parts),contentType:t.mediaType,replayable:!0};case"text":return{body:W(n),contentType:t.mediaType,replayable:!0};case"binary":case"event-stream":case"ndjson":{if(ze(n))return{body:n,contentType:er(t.mediaType,n),replayable:!1};if(Y(n)||n instanceof ArrayBuffer||ArrayBuffer.isView(n)||typeof n=="string")return{body:n,contentType:er(t.mediaType,n),replayable:!0};throw new y(`A ${t.mediaType} body is a Blob, bytes (Uint8Array, ArrayBuffer), a ReadableStream or a string.`)}default:return{body:JSON.stringify(n),contentType:t.mediaType,replayable:!0}}}var tr={gzip:"gzip","x-gzip":"gzip",deflate:"deflate"};async function rr(t,e,n){let r=n?.trim().toLowerCase();if(r===void 0||r===""||r==="identity"||e.kind==="binary"||e.kind==="event-stream"||e.kind==="ndjson")return t;if(e.kind==="multipart")throw new y(`A multipart/form-data body is not sent in a content coding (${JSON.stringify(r)}): servers read its parts as they arrive. Send it without a Content-Encoding.`);let s=Object.hasOwn(tr,r)?tr[r]:void 0;if(!s)throw new y(`This client compresses a ${e.mediaType} body with gzip or deflate, not ${JSON.stringify(r)}: send another Content-Encoding, or none.`);let o=new Response(t.body).body.pipeThrough(new CompressionStream(s));return{...t,body:new Uint8Array(await new Response(o).arrayBuffer())}}function or(){let t=globalThis.crypto;return t?.randomUUID?t.randomUUID():`${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`}function Dt(t,e,n,r,s,o,i=!0){let a=qn(e.path,e.params,n),d=[In(e.params,r),Ao(s)].filter(Boolean).join("&");e.match?.in==="query"&&(d=`${B(e.match.name)}=${B(e.match.value)}${d?`&${d}`:""}`);let c=e.auth;return i&&c?.kind==="query"&&t.apiKey&&(d=`${d?`${d}&`:""}${B(c.name)}=${B(t.apiKey)}`),`${o!==void 0?o.replace(/\/+$/,""):e.baseURL!==void 0?Co(e.baseURL,t.baseURL):t.baseURL}${a}${d?`?${d}`:""}`}function sr(t,e,n,r,s){let o={accept:s,"user-agent":t.config.userAgent,...Oo(t.defaultHeaders)},i=[],a=e.auth;t.apiKey&&a?.kind==="bearer"&&(o.authorization=`Bearer ${t.apiKey}`),t.apiKey&&a?.kind==="basic"&&(o.authorization=`Basic ${Nn(t.apiKey)}`),t.apiKey&&a?.kind==="header"&&(o[a.name.toLowerCase()]=t.apiKey),a?.kind==="cookie"&&(t.apiKey&&i.push(`${a.name}=${t.apiKey}`),a.csrfHeader&&t.csrfToken&&(o[a.csrfHeader.toLowerCase()]=t.csrfToken)),t.config.specDigest&&(o[t.config.specDigest.header.toLowerCase()]=t.config.specDigest.value),e.match?.in==="header"&&(o[e.match.name.toLowerCase()]=e.match.value);for(let d of e.params)if(d.in==="header"){let c=d.name.toLowerCase(),u=Mn(d,j(n,d.name));u!==void 0?o[c]=u:d.whenAbsent!==void 0&&!Object.hasOwn(o,c)&&(o[c]=d.whenAbsent)}else d.in==="cookie"&&i.push(...Ln(d,j(n,d.name)));if(e.idempotencyHeader)o[e.idempotencyHeader.toLowerCase()]=r.idempotencyKey??or();else if(r.idempotencyKey!==void 0)throw new y(`${e.method.toUpperCase()} ${e.path} takes no idempotency key: the API declares no idempotency header for it.`);for(let[d,c]of Object.entries(r.headers??{}))c===null?delete o[d.toLowerCase()]:o[d.toLowerCase()]=c;if(i.length>0){if(Be()&&!t.config.auth.cookieSession)throw new y("Cookie parameters cannot be sent from a browser: the browser sends its own cookies.");Be()||(o.cookie=[...i,...o.cookie?[o.cookie]:[]].join("; "))}return o}var To={mediaType:"application/json",kind:"json",mode:"merged"};function ir(t,e,n){if(n&&["GET","HEAD"].includes(t.method.toUpperCase()))throw new y(`A ${t.method.toUpperCase()} request has no body: pass extra fields as \`query\`.`);if(!t.bodies||t.bodies.length===0)return n?{spec:To,value:n}:void 0;let r=nr(t.bodies,t.mediaTypeKey?j(e,t.mediaTypeKey):void 0),s;if(r.mode==="property")s=e.body;else{let o=new Set([...t.params.filter(a=>a.in!=="path").map(a=>a.name),...t.mediaTypeKey?[t.mediaTypeKey]:[]]),i=Object.fromEntries(Object.entries(e).filter(([a])=>!o.has(a)));s=Object.keys(i).length>0||t.bodyRequired?i:void 0}if(n){let o=s??{};if(!["json","form","multipart"].includes(r.kind)||typeof o!="object"||o===null||Array.isArray(o))throw new y(`Extra body fields need an object body; this call sends ${r.mediaType}.`);s={...o,...n}}return s===void 0?void 0:{spec:r,value:s}}function ar(t,e){let n=new URL(t,e);if(n.origin!==new URL(e).origin)throw new y(`The next page's URL is on ${n.origin}, not ${new URL(e).origin}: not sent with this client's credentials.`);return n.hash="",n.href}function dr(t,e,n){let r=e.auth;if(r?.kind!=="query"||!t)return n;let{search:s,searchParams:o}=new URL(n);return o.has(r.name)?n:`${n}${s?"&":"?"}${B(r.name)}=${B(t)}`}function Co(t,e){if(/^[a-z][a-z0-9+.-]*:/i.test(t))return t;try{return new URL(t,e.endsWith("/")?e:`${e}/`).href.replace(/\/+$/,"")}catch{return t}}function Ao(t){return t?Object.entries(t).flatMap(([e,n])=>(Array.isArray(n)?n:[n]).filter(r=>r!=null).map(r=>`${B(e)}=${B(typeof r=="object"&&!(r instanceof Date)?JSON.stringify(r):W(r))}`)).join("&"):""}function Oo(t){return Object.fromEntries(Object.entries(t).map(([e,n])=>[e.toLowerCase(),n]))}var Ye=class{#e="";#t=[];#r;#o;#s;#n=!0;#i=!1;lastEventId;retry;push(e){this.#n&&(e=e.replace(/^\uFEFF/,""),this.#n=e===""&&this.#n),this.#i&&e.startsWith(`
`)&&(e=e.slice(1)),this.#i=!1;let n=[],r=this.#e+e;for(;;){let s=/\r\n|\r|\n/.exec(r);if(!s)break;s[0]==="\r"&&s.index===r.length-1&&(this.#i=!0);let o=r.slice(0,s.index);r=r.slice(s.index+s[0].length);let i=this.#a(o);i&&n.push(i)}return this.#e=r,n}end(){this.#e="",this.#l()}#a(e){if(e==="")return this.#d();if(e.startsWith(":"))return;let n=e.indexOf(":"),r=n===-1?e:e.slice(0,n),s=n===-1?"":e.slice(n+1);switch(s.startsWith(" ")&&(s=s.slice(1)),r){case"event":this.#r=s;break;case"data":this.#t.push(s);break;case"id":s.includes("\0")||(this.#o=s,this.lastEventId=s);break;case"retry":/^\d+$/.test(s)&&(this.#s=Number(s),this.retry=this.#s);break;default:break}}#d(){let e=this.#t.length>0?{...this.#r?{event:this.#r}:{},data:this.#t.join(`
`),...this.#o!==void 0?{id:this.#o}:{},...this.#s!==void 0?{retry:this.#s}:{}}:void 0;return this.#l(),e}#l(){this.#t=[],this.#r=void 0,this.#o=void 0,this.#s=void 0}};async function*lr(t,e){if(!t.body)return;let n=t.body.getReader(),r=new TextDecoder("utf-8"),s=()=>{n.cancel().catch(()=>{})};e.addEventListener("abort",s,{once:!0});try{for(;;){let i;try{i=await n.read()}catch(a){throw e.aborted?new O:a instanceof E?a:new U(`The stream broke off: ${a?.message??String(a)}`,{cause:a})}if(e.aborted)throw new O;if(i.done)break;yield r.decode(i.value,{stream:!0})}let o=r.decode();o&&(yield o)}finally{e.removeEventListener("abort",s),n.releaseLock()}}var ke=class t{constructor(e,n,r){this.iterate=e;this.response=r;this.controller=n}iterate;response;controller;#e=!1;abort(){this.controller.abort()}async*[Symbol.asyncIterator](){if(this.#e)throw new Error("A stream can be iterated once.");this.#e=!0;let e=!1;try{yield*this.iterate(this.controller.signal),e=!0}finally{e||this.controller.abort()}}async toArray(){let e=[];for await(let n of this)e.push(n);return e}static fromSSE(e,n,r,s={}){async function*o(a){let d=new Ye,c=e,u=0;for(;;)try{for await(let l of lr(c,a))for(let p of d.push(l))u=0,yield{...p,data:i(p.data)};d.end();return}catch(l){if(!(s.reconnect&&l instanceof U&&d.lastEventId!==void 0&&u<(s.maxReconnects??3)))throw l;u+=1,d.end(),await Io(d.retry??1e3,a),c=await s.reconnect(d.lastEventId)}}let i=a=>{try{return r(a)}catch{throw new E(e.status,a.slice(0,200),"An event's data was not the JSON the spec declares.",e.headers)}};return new t(o,n,e)}static fromNDJSON(e,n){async function*r(s){let o="",i=a=>{try{return JSON.parse(a)}catch{throw new E(e.status,a.slice(0,200),"A line of the stream was not JSON.",e.headers)}};for await(let a of lr(e,s)){o+=a;let d=o.split(`
`);o=d.pop()??"";for(let c of d)c.trim()!==""&&(yield i(c.replace(/\r$/,"")))}o.trim()!==""&&(yield i(o))}return new t(r,n,e)}};function Io(t,e){return new Promise((n,r)=>{if(e.aborted)return r(new O);let s=setTimeout(()=>{e.removeEventListener("abort",o),n()},t),o=()=>{clearTimeout(s),r(new O)};e.addEventListener("abort",o,{once:!0})})}var we=t=>t.split(";")[0].trim().toLowerCase();function cr(t,e){let[n,r]=we(t).split("/"),[s,o]=we(e).split("/");return(n==="*"||n===s)&&(r==="*"||r===o)}function Ut(t,e){if(!t||t.length===0)return;if(e===void 0)return t[0];let n=t.find(r=>we(r.mediaType)===we(e));if(!n)throw new y(`This operation answers ${t.map(r=>r.mediaType).join(", ")}; it cannot answer ${e}.`);return n}async function Qe(t){if(t.status===204||t.status===205)return;let e=await t.text();if(e==="")return;let n=t.headers.get("content-type")??"";if(/json/i.test(n))try{return JSON.parse(e)}catch{throw new E(t.status,e,`Response claimed ${n} but was not JSON.`,t.headers)}return e}function Ht(t,e,n,r){if(!e||e.length===0||r==="HEAD"||t.status===204||t.status===205)return;let s=t.headers.get("content-type");return s?n&&cr(n.mediaType,s)?n:qo(e,s)??n??e[0]:n??e[0]}function qo(t,e){let n=r=>we(r.mediaType).split("*").length-1;return t.filter(r=>cr(r.mediaType,e)).reduce((r,s)=>r===void 0||n(s)<n(r)?s:r,void 0)}function ur(t){return t!==void 0&&!["json","text","form"].includes(t.kind)}async function pr(t,e,n){if(e===void 0)return t.status===204||t.status===205?void 0:Qe(t);switch(e.kind){case"json":return Qe(t);case"text":case"form":return t.text();case"event-stream":return ke.fromSSE(t,n.controller,e.dataIsJson?r=>JSON.parse(r):r=>r,{reconnect:n.reconnect,maxReconnects:n.maxReconnects});case"ndjson":return ke.fromNDJSON(t,n.controller);default:return t}}function fr(t,e,n,r,s){let o=n.get("x-should-retry")?.trim().toLowerCase();if(o==="false")return{retry:!1,reason:"the server said x-should-retry: false"};if(o!=="true"&&!Mo(t,e))return{retry:!1,reason:`status ${e} is not retried`};if(s.retriesLeft<=0)return{retry:!1,reason:"no retries left"};let i=t.respectRetryAfter?r:null;return i!==null&&i>s.maxWaitMs?{retry:!1,beyondCap:!0,reason:`the server asked to wait ${i} ms, more than maxRetryWait (${s.maxWaitMs} ms)`}:i!==null?{retry:!0,waitMs:i,reason:o==="true"?"x-should-retry: true; waiting as the server asked":"waiting as the server asked"}:{retry:!0,waitMs:Wt(t,s.retry,s.random),reason:o==="true"?"x-should-retry: true; backoff":"backoff"}}function Mo(t,e){return t.retryableStatuses.includes(e)}function Wt(t,e,n=Math.random){let r=Math.min(t.maxDelayMs,t.initialDelayMs*t.backoffMultiplier**e);return t.jitter==="full"?Math.round(n()*r):t.jitter==="equal"?Math.round(r/2+n()*r/2):r}function Bt(t,e){return new Promise((n,r)=>{if(e?.aborted)return r(new O);let s=setTimeout(()=>{e?.removeEventListener("abort",o),n()},t),o=()=>{clearTimeout(s),r(new O)};e?.addEventListener("abort",o,{once:!0})})}var Ze=class{constructor(e,n){this.timeoutMs=e;this.#r=n,n?.aborted?this.controller.abort():n?.addEventListener("abort",this.#o,{once:!0}),this.#t=setTimeout(()=>{this.#e=!0,this.controller.abort()},e)}timeoutMs;controller=new AbortController;startedAt=Date.now();#e=!1;#t;#r;#o=()=>this.controller.abort();get elapsedMs(){return Date.now()-this.startedAt}stopTimer(){clearTimeout(this.#t)}finish(){clearTimeout(this.#t),this.#r?.removeEventListener("abort",this.#o)}failure(e){return this.#r?.aborted?new O:this.#e?new de(this.timeoutMs):e instanceof y?e:new U(`Connection error: ${e?.message??String(e)}`,{cause:e})}};function mr(t,e,n){if(!t.body||[204,205,304].includes(t.status))return t;let r=t.body.getReader(),s=n.controller.signal,o,i=()=>{clearTimeout(o),r.cancel().catch(()=>{})};s.addEventListener("abort",i,{once:!0});let a=()=>{s.removeEventListener("abort",i),n.finish()},d=new ReadableStream({async pull(u){let l=new Promise((p,f)=>{o=setTimeout(()=>f(new de(e,"No data arrived on the stream")),e)});try{let p=await Promise.race([r.read(),l]);if(s.aborted)throw new O;p.done?(a(),u.close()):u.enqueue(p.value)}catch(p){a(),r.cancel().catch(()=>{}),u.error(s.aborted?new O:p)}finally{clearTimeout(o)}},cancel(u){return clearTimeout(o),a(),r.cancel(u)}}),c=new Response(d,{status:t.status,statusText:t.statusText,headers:t.headers});return Object.defineProperty(c,"url",{value:t.url}),c}function hr(t){let e=t;return typeof e=="object"&&e!==null&&typeof e.status=="number"&&typeof e.ok=="boolean"&&typeof e.headers?.get=="function"}function yr(t){let e=new AbortController;return t?.aborted?e.abort():t?.addEventListener("abort",()=>e.abort(),{once:!0}),e}function gr(t){return`${t.method.toUpperCase()} ${t.path}`}var et=class{responses;requests;#e;constructor(e){if(!e||typeof e.schemas!="object"||e.schemas===null)throw new y("The validation option needs { schemas }: the operationSchemas of the zod module generated from the same spec.");if(this.responses=e.responses===!0,this.requests=e.requests===!0,!this.responses&&!this.requests)throw new y("The validation option checks nothing: set responses: true, requests: true, or both.");this.#e=e.schemas}async checkRequest(e,n,r){let s=gr(e),o=this.#t(s),i=Object.assign(Object.create(null),Object.fromEntries(e.params.filter(l=>l.in==="query").map(l=>[l.name,j(n,l.name)]).filter(([,l])=>l!=null))),a=o.parameters?.query,d=a&&await Kt(a,i);if(d)throw new le(s,"query",i,d);let c=r?.spec.kind==="json"?o.body?.[r.spec.mediaType]:void 0,u=c&&await Kt(c,r.value);if(u)throw new le(s,"body",r.value,u)}async checkResponse(e,n,r){if(n?.kind!=="json")return;let s=gr(e),o=this.#t(s).responses??{},i=String(r.status),a=`${i[0]}XX`,d=o[i]??o[a]??o[a.toLowerCase()]??o.default,c=p=>new ce(s,r,[{message:p}]);if(!d)throw c(`the spec declares no ${i} response for this operation`);let u=d[n.mediaType];if(!u)throw c(`the spec declares no ${n.mediaType} body for the ${i} response`);let l=await Kt(u,r.body);if(l)throw new ce(s,r,l)}#t(e){let n=Object.prototype.hasOwnProperty.call(this.#e,e)?this.#e[e]:void 0;if(!n)throw new y(`The validation schemas have no entry for ${e}: pass the operationSchemas of the zod module generated from the same spec as this client.`);return n}};async function Kt(t,e){return(await t["~standard"].validate(e)).issues??void 0}var br=6e4,ve=class{apiKey;baseURL;maxRetries;timeout;idleTimeout;maxRetryWait;logLevel;_logger;environment;csrfToken;#e;#t;#r;#o;#s;#n;#i;#a=Math.random;constructor(e,n={}){this.#n=e,this.#o=n;let r=Cn();this.logLevel=qt(n.logLevel,"The logLevel option")??qt(r[e.logEnv],`The ${e.logEnv} environment variable`)??Dn;let s=n.logger??console,o=It.filter(d=>d!=="off"&&typeof s[d]!="function");if(o.length>0)throw new y(`The logger has no ${o.join(", ")} method: pass an object with debug, info, warn and error.`);if(this._logger=new Ve(this.logLevel,s),this.apiKey=n.apiKey??r[e.apiKeyEnv]??void 0,this.apiKey!==void 0&&An(this.apiKey,e.keyPrefixes),e.auth.keyRequired&&!this.apiKey)throw new y(`No API key: pass { apiKey } or set the ${e.apiKeyEnv} environment variable.`);this.baseURL=(n.baseURL??r[e.baseUrlEnv]??e.defaultBaseURL).replace(/\/+$/,""),this.maxRetries=n.maxRetries??e.retryPolicy.maxRetries,this.timeout=n.timeout??e.defaultTimeoutMs??br,this.idleTimeout=n.idleTimeout??br,this.maxRetryWait=n.maxRetryWait??6e4;let i=typeof fetch=="function"?fetch:void 0,a=n.fetch??i;if(!a)throw new y("No fetch implementation: pass { fetch } on this runtime.");this.#r=a,this.#t=(d,c)=>a(d,c),this.#s=n.defaultHeaders??{},this.environment=this.apiKey?Ct(this.apiKey,e.keyPrefixes)?.environment??null:null,this.csrfToken=n.csrfToken,this.#e=n.credentials??(e.auth.cookieSession?"same-origin":void 0),this.#i=n.validation?new et(n.validation):void 0}withOptions(e){let n=this.constructor,r=new n({...this.#o,apiKey:this.apiKey,baseURL:this.baseURL,csrfToken:this.csrfToken,fetch:this.#r,logger:this._logger.logger,...e,defaultHeaders:{...this.#s,...e.defaultHeaders}});return r.#a=this.#a,r}_setRandom(e){return this.#a=e,this}request(e,n,r,s={}){return new ae(this.#d(e,n,Nt(r),s))}requestPage(e,n,r,s={}){let o=e.pagination;if(!o)throw new y(`${e.method.toUpperCase()} ${e.path} is not a paged list.`);if(!("style"in o)){let d=async c=>{let u=await this.#d(e,n,c,s);return{...u,data:new Je(o,c,d,u.data)}};return new _e(d({...Nt(r)}))}let i=(d,c)=>async(u,l)=>{let p="params"in u?u.params:c,f="url"in u?ar(u.url,d):Dt(this.#c(),e,n,p,s.query,s.baseURL,!1),g=await this.#d(e,n,p,s,void 0,dr(this.apiKey,e,f));return{...g,data:new Ge(o,p,i(f,p),g.data,g.headers,f,l)}},a={...Nt(r)};return new _e(i(this.baseURL,a)({params:a}))}async#d(e,n,r,s,o,i){let a=await this.#l(e,n,r,s,o,i);if(this.#i?.responses){let d=e.method.toUpperCase(),c=Ut(e.responses,s.accept);await this.#i.checkResponse(e,Ht(a.response,e.responses,c,d),{status:a.status,body:a.data,headers:a.headers,requestId:a.requestId})}return a}async#l(e,n,r,s,o,i){Wn(this._logger,e,r);let a=i??Dt(this.#c(),e,n,r,s.query,s.baseURL),d=Ut(e.responses,s.accept),c=sr(this.#c(),e,r,s,d?.mediaType??"application/json");o!==void 0&&e.resumeHeader&&(c[e.resumeHeader.toLowerCase()]=o);let u=ir(e,r,s.body);this.#i?.requests&&await this.#i.checkRequest(e,r,u);let l=u&&await rr(await jt(u.spec,u.value),u.spec,c["content-encoding"]);l?.contentType&&(c["content-type"]=l.contentType);let p=l&&!l.replayable?0:s.maxRetries??this.maxRetries,f=s.timeout??this.timeout,g=s.maxRetryWait??this.maxRetryWait,w=this.#n.retryPolicy,k=e.method.toUpperCase(),b={method:k,headers:c,...l?{body:l.body}:{},...l&&!l.replayable?{duplex:"half"}:{},...this.#e?{credentials:this.#e}:{}},h=(P,D)=>Hn(this._logger,k,a,c,e.auth,P,p,D);for(let P=0;;P+=1){let D=p-P,M=new Ze(f,s.signal),S;try{if(S=await this.#t(a,{...b,signal:M.controller.signal}),!hr(S))throw new U(`The fetch implementation returned ${S===null?"null":typeof S} instead of a Response.`,{cause:S});if(S.ok||e.redirects?.includes(S.status)){let z=await this.#p(e,S,d,M,n,r,s);return h(P,{status:S.status,requestId:z.requestId,elapsedMs:M.elapsedMs,retry:!1}),z}}catch(z){M.finish();let q=M.failure(z),H=q instanceof U&&D>0&&w.retryOnConnectionError,Zt=H?Wt(w,P,this.#a):void 0;if(h(P,{status:null,error:q.message,elapsedMs:M.elapsedMs,retry:H,waitMs:Zt,reason:H?"backoff":q instanceof O?"aborted":D>0?"not a connection error":"no retries left"}),!H)throw q;await Bt(Zt,s.signal);continue}let J=fr(w,S.status,S.headers,Et(S.headers),{retry:P,retriesLeft:D,maxWaitMs:g,random:this.#a});if(h(P,{status:S.status,requestId:this.#u(S),elapsedMs:M.elapsedMs,...J}),J.retry){await S.body?.cancel().catch(()=>{}),M.finish(),await Bt(J.waitMs,s.signal);continue}let se=await Qe(S).catch(()=>{});M.finish();let G=E.generate(S.status,se,S.headers,this.#n.requestIdHeader);throw J.beyondCap&&(G.message+=` Not retried: ${J.reason}.`),G}}async#p(e,n,r,s,o,i,a){let d=Ht(n,e.responses,r,e.method.toUpperCase()),c=ur(d);c&&s.stopTimer();let u=c?mr(n,a.idleTimeout??this.idleTimeout,s):n,l=c?yr(a.signal):s.controller;c&&l.signal.addEventListener("abort",()=>s.controller.abort(),{once:!0});let p=e.resumeHeader?async g=>(await this.#d(e,o,i,{...a,signal:l.signal,accept:r?.mediaType},g)).response:void 0,f=await pr(u,d,{controller:l,reconnect:p,maxReconnects:a.maxRetries??this.maxRetries});return c||s.finish(),{...this.#f(u),data:f}}#c(){return{apiKey:this.apiKey,baseURL:this.baseURL,csrfToken:this.csrfToken,defaultHeaders:this.#s,config:this.#n}}#u(e){return this.#n.requestIdHeader?e.headers.get(this.#n.requestIdHeader):null}#f(e){let n=s=>{let o=s?e.headers.get(s):null;return o!==null&&o!==""&&Number.isFinite(Number(o))?Number(o):null},r={limit:n(this.#n.rateLimitHeaders?.limit),remaining:n(this.#n.rateLimitHeaders?.remaining)};return{response:e,status:e.status,headers:e.headers,requestId:this.#u(e),rateLimit:r}}};function Nt(t){return t&&typeof t=="object"&&!Array.isArray(t)?t:{}}var _r={method:"post",path:"/signup",params:[],bodies:[{mediaType:"application/json",kind:"json",mode:"merged"}],bodyRequired:!0,responses:[{mediaType:"application/json",kind:"json"}]},kr={method:"get",path:"/session",params:[],responses:[{mediaType:"application/json",kind:"json"}],auth:{kind:"cookie",name:"dashboard_session",csrfHeader:"X-CSRF-Token"}},wr={method:"post",path:"/session",params:[],bodies:[{mediaType:"application/json",kind:"json",mode:"merged"}],bodyRequired:!0,responses:[{mediaType:"application/json",kind:"json"}]},vr={method:"delete",path:"/session",params:[],auth:{kind:"cookie",name:"dashboard_session",csrfHeader:"X-CSRF-Token"}},$r={method:"delete",path:"/sessions",params:[],auth:{kind:"cookie",name:"dashboard_session",csrfHeader:"X-CSRF-Token"}},xr={method:"post",path:"/email-verification",params:[],bodies:[{mediaType:"application/json",kind:"json",mode:"merged"}],bodyRequired:!0},Rr={method:"post",path:"/password-resets",params:[],bodies:[{mediaType:"application/json",kind:"json",mode:"merged"}],bodyRequired:!0},Pr={method:"post",path:"/password-resets/confirm",params:[],bodies:[{mediaType:"application/json",kind:"json",mode:"merged"}],bodyRequired:!0},Sr={method:"get",path:"/scopes",params:[],responses:[{mediaType:"application/json",kind:"json"}],auth:{kind:"cookie",name:"dashboard_session",csrfHeader:"X-CSRF-Token"}},Er={method:"get",path:"/keys",params:[{name:"environment",in:"query"}],responses:[{mediaType:"application/json",kind:"json"}],auth:{kind:"cookie",name:"dashboard_session",csrfHeader:"X-CSRF-Token"}},Tr={method:"post",path:"/keys",params:[],bodies:[{mediaType:"application/json",kind:"json",mode:"merged"}],bodyRequired:!0,responses:[{mediaType:"application/json",kind:"json"}],auth:{kind:"cookie",name:"dashboard_session",csrfHeader:"X-CSRF-Token"}},Cr={method:"post",path:"/keys/{key_id}/rotate",params:[{name:"key_id",in:"path"}],responses:[{mediaType:"application/json",kind:"json"}],auth:{kind:"cookie",name:"dashboard_session",csrfHeader:"X-CSRF-Token"}},Ar={method:"post",path:"/keys/{key_id}/revoke",params:[{name:"key_id",in:"path"}],responses:[{mediaType:"application/json",kind:"json"}],auth:{kind:"cookie",name:"dashboard_session",csrfHeader:"X-CSRF-Token"}},Or={method:"get",path:"/billing",params:[],responses:[{mediaType:"application/json",kind:"json"}],auth:{kind:"cookie",name:"dashboard_session",csrfHeader:"X-CSRF-Token"}},Ir={method:"put",path:"/billing/plan",params:[],bodies:[{mediaType:"application/json",kind:"json",mode:"merged"}],bodyRequired:!0,responses:[{mediaType:"application/json",kind:"json"}],auth:{kind:"cookie",name:"dashboard_session",csrfHeader:"X-CSRF-Token"}},qr={method:"get",path:"/webhook-endpoints",params:[{name:"environment",in:"query"}],responses:[{mediaType:"application/json",kind:"json"}],auth:{kind:"cookie",name:"dashboard_session",csrfHeader:"X-CSRF-Token"}},Mr={method:"post",path:"/webhook-endpoints",params:[],bodies:[{mediaType:"application/json",kind:"json",mode:"merged"}],bodyRequired:!0,responses:[{mediaType:"application/json",kind:"json"}],auth:{kind:"cookie",name:"dashboard_session",csrfHeader:"X-CSRF-Token"}},Lr={method:"delete",path:"/webhook-endpoints/{endpoint_id}",params:[{name:"endpoint_id",in:"path"}],auth:{kind:"cookie",name:"dashboard_session",csrfHeader:"X-CSRF-Token"}},jr={method:"post",path:"/webhook-endpoints/{endpoint_id}/rotate-secret",params:[{name:"endpoint_id",in:"path"}],responses:[{mediaType:"application/json",kind:"json"}],auth:{kind:"cookie",name:"dashboard_session",csrfHeader:"X-CSRF-Token"}},Dr={method:"post",path:"/webhook-endpoints/{endpoint_id}/disable",params:[{name:"endpoint_id",in:"path"}],responses:[{mediaType:"application/json",kind:"json"}],auth:{kind:"cookie",name:"dashboard_session",csrfHeader:"X-CSRF-Token"}},Ur={method:"post",path:"/webhook-endpoints/{endpoint_id}/enable",params:[{name:"endpoint_id",in:"path"}],responses:[{mediaType:"application/json",kind:"json"}],auth:{kind:"cookie",name:"dashboard_session",csrfHeader:"X-CSRF-Token"}},Hr={method:"get",path:"/webhook-endpoints/{endpoint_id}/deliveries",params:[{name:"endpoint_id",in:"path"}],responses:[{mediaType:"application/json",kind:"json"}],auth:{kind:"cookie",name:"dashboard_session",csrfHeader:"X-CSRF-Token"}},Wr={method:"post",path:"/webhook-endpoints/{endpoint_id}/test-events",params:[{name:"endpoint_id",in:"path"}],bodies:[{mediaType:"application/json",kind:"json",mode:"merged"}],bodyRequired:!0,auth:{kind:"cookie",name:"dashboard_session",csrfHeader:"X-CSRF-Token"}},Br={method:"post",path:"/webhook-events/{event_id}/resend",params:[{name:"event_id",in:"path"}],auth:{kind:"cookie",name:"dashboard_session",csrfHeader:"X-CSRF-Token"}};var tt=class extends x{create(e,n){return this._client.request(_r,[],e,n)}};var nt=class extends x{retrieve(e){return this._client.request(kr,[],void 0,e)}create(e,n){return this._client.request(wr,[],e,n)}delete(e){return this._client.request(vr,[],void 0,e)}};var rt=class extends x{delete(e){return this._client.request($r,[],void 0,e)}};var ot=class extends x{create(e,n){return this._client.request(xr,[],e,n)}};var st=class extends x{confirm=new Ft(this._client);create(e,n){return this._client.request(Rr,[],e,n)}},Ft=class extends x{create(e,n){return this._client.request(Pr,[],e,n)}};var it=class extends x{retrieve(e){return this._client.request(Sr,[],void 0,e)}};var at=class extends x{retrieve(e,n){return this._client.request(Er,[],e,n)}create(e,n){return this._client.request(Tr,[],e,n)}rotate(e,n){return this._client.request(Cr,[e],void 0,n)}revoke(e,n){return this._client.request(Ar,[e],void 0,n)}};var dt=class extends x{plan=new Vt(this._client);retrieve(e){return this._client.request(Or,[],void 0,e)}},Vt=class extends x{update(e,n){return this._client.request(Ir,[],e,n)}};var lt=class extends x{deliveries=new Xt(this._client);list(e,n){return this._client.request(qr,[],e,n)}create(e,n){return this._client.request(Mr,[],e,n)}delete(e,n){return this._client.request(Lr,[e],void 0,n)}rotateSecret(e,n){return this._client.request(jr,[e],void 0,n)}disable(e,n){return this._client.request(Dr,[e],void 0,n)}enable(e,n){return this._client.request(Ur,[e],void 0,n)}testEvents(e,n,r){return this._client.request(Wr,[e],n,r)}},Xt=class extends x{retrieve(e,n){return this._client.request(Hr,[e],void 0,n)}};var ct=class extends x{resend(e,n){return this._client.request(Br,[e],void 0,n)}};var jo={apiKeyEnv:"ASSESSMENT_SERVICE_DASHBOARD_API_KEY",baseUrlEnv:"ASSESSMENT_SERVICE_DASHBOARD_BASE_URL",logEnv:"ASSESSMENT_SERVICE_DASHBOARD_LOG",defaultBaseURL:"/dashboard/api",retryPolicy:{maxRetries:0,initialDelayMs:500,maxDelayMs:8e3,backoffMultiplier:2,jitter:"full",respectRetryAfter:!0,retryOnConnectionError:!1,retryableStatuses:[]},keyPrefixes:[],auth:{keyRequired:!1,cookieSession:!0},requestIdHeader:"X-Request-Id",rateLimitHeaders:{limit:"X-RateLimit-Limit",remaining:"X-RateLimit-Remaining"},specDigest:{header:"X-Spec-Digest",value:"sha256:1520ec9de2dd95a24691a986e0243a93cfb5fb89b31f577fa2d01734064a7834"},userAgent:"assessment-service-dashboard-client/1.0.0"},ue=class extends ve{signup=new tt(this);session=new nt(this);sessions=new rt(this);emailVerification=new ot(this);passwordResets=new st(this);scopes=new it(this);keys=new at(this);billing=new dt(this);webhookEndpoints=new lt(this);webhookEvents=new ct(this);constructor(e={}){super(jo,e)}};var R=new ue({baseURL:"/dashboard/api"}),Jt=t=>(R.csrfToken=t.csrf_token,t);function ne(t){if(t instanceof E){let e=t.code?t.body?.message??t.message:t.message,n=t.status===429?t.headers?.get("retry-after"):null;return n?`${e} Try again in ${n} seconds.`:e}return t?.message??String(t)}var ut=t=>t instanceof E&&t.status===401,_={signUp:async(t,e)=>Jt(await R.signup.create({email:t,password:e})),signIn:async(t,e)=>Jt(await R.session.create({email:t,password:e})),session:async()=>Jt(await R.session.retrieve()),signOut:()=>R.session.delete(),signOutEverywhere:()=>R.sessions.delete(),verifyEmail:t=>R.emailVerification.create({token:t}),requestPasswordReset:t=>R.passwordResets.create({email:t}),resetPassword:(t,e)=>R.passwordResets.confirm.create({token:t,password:e}),scopes:async()=>(await R.scopes.retrieve()).data,keys:async t=>(await R.keys.retrieve({environment:t})).data,createKey:t=>R.keys.create(t),rotateKey:t=>R.keys.rotate(t),revokeKey:t=>R.keys.revoke(t),billing:()=>R.billing.retrieve(),changePlan:t=>R.billing.plan.update({tier:t}),endpoints:async t=>(await R.webhookEndpoints.list({environment:t})).data,createEndpoint:t=>R.webhookEndpoints.create(t),rotateEndpointSecret:t=>R.webhookEndpoints.rotateSecret(t),disableEndpoint:t=>R.webhookEndpoints.disable(t),enableEndpoint:t=>R.webhookEndpoints.enable(t),removeEndpoint:t=>R.webhookEndpoints.delete(t),deliveries:async t=>(await R.webhookEndpoints.deliveries.retrieve(t)).data,resendEvent:t=>R.webhookEvents.resend(t),sendTestEvent:(t,e)=>R.webhookEndpoints.testEvents(t,{type:e}),eventTypes:async()=>{let t=await fetch("/openapi.json",{headers:{accept:"application/json"}});if(!t.ok)throw new Error("Could not load the list of event types.");let e=await t.json();return Object.keys(e.webhooks??{})}};var Gt={keys:"API keys",billing:"Billing",webhooks:"Webhooks"},Q=(t,e)=>`${t}-${e.replace(/[^A-Za-z0-9_-]/g,"-")}`,V=t=>t==="test"?"Test mode":"Live mode";function re({iso:t,empty:e="Never"}){return t?m`<time datetime=${t}>${t.slice(0,16).replace("T"," ")}</time>`:m`<span class="muted">${e}</span>`}function A({error:t,message:e}){return m`
    <p class="notice error" role="alert" hidden=${!t}>${t??""}</p>
    <p class="notice" role="status" hidden=${!e}>${e??""}</p>
  `}function Kr({page:t,environment:e,session:n,children:r}){let s=e==="test"?"live":"test",[o,i]=v(null),a=async d=>{try{await(d?_.signOutEverywhere():_.signOut()),location.assign("/dashboard/signin")}catch(c){i(ne(c))}};return m`
    <a class="skip-link" href="#main">Skip to content</a>
    <header class=${`top mode-${e}`}>
      <div class="brand">Assessment Service</div>
      <nav aria-label="Dashboard">
        <ul>
          ${Object.entries(Gt).map(([d,c])=>m`<li>
                <a
                  href=${`/dashboard/${e}/${d}`}
                  aria-current=${d===t?"page":void 0}
                  >${c}</a
                >
              </li>`)}
        </ul>
      </nav>
      <button
        type="button"
        class="mode-switch"
        role="switch"
        aria-checked=${e==="test"}
        onClick=${()=>location.assign(`/dashboard/${s}/${t}`)}
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
      <${A} error=${o} />
      ${e==="live"&&!n.user.email_verified?m`<p class="warning">
              Live keys need a verified e-mail address: open the link in the mail sent to
              ${n.user.email}.
            </p>`:null}
      ${r}
    </main>
  `}function pt({open:t,title:e,onClose:n,children:r}){let s=ye(null),o=ye(null),i=ye(`dialog-${Math.random().toString(36).slice(2)}`).current;return L(()=>{let d=s.current;d&&(t&&!d.open?(o.current=document.activeElement,d.showModal()):!t&&d.open&&d.close())},[t]),L(()=>{t&&s.current?.querySelector("[autofocus], input:not([disabled]), select, textarea, button:not([disabled])")?.focus()},[t,e]),m`
    <dialog ref=${s} aria-labelledby=${i} onClose=${()=>{n();let d=o.current;o.current=null,d&&d.isConnected?d.focus():document.getElementById("main")?.focus()}}>
      ${t?m`<h2 id=${i}>${e}</h2>
              ${r}`:null}
    </dialog>
  `}function ft({label:t,secret:e}){let[n,r]=v(""),s=ye(null),o=async()=>{try{await navigator.clipboard.writeText(e),r("Copied to the clipboard.")}catch{s.current?.select(),r("Selected: press Ctrl+C (or Cmd+C) to copy.")}};return m`
    <p class="warning">
      This is the only time the ${t.toLowerCase()} is shown. Copy it and store it somewhere safe now; you
      cannot see it again.
    </p>
    <div class="secret">
      <label for="once-only-secret">${t}</label>
      <input
        id="once-only-secret"
        ref=${s}
        class="secret-value"
        readonly
        value=${e}
        spellcheck="false"
        autocomplete="off"
        autofocus
      />
      <button type="button" onClick=${o}>Copy</button>
    </div>
    <p role="status" class="muted">${n}</p>
  `}function I(){let[t,e]=v(!1),[n,r]=v(null);return{busy:t,error:n,setError:r,run:async o=>{e(!0),r(null);try{await o()}catch(i){ut(i)&&document.body.dataset.environment&&location.assign(`/dashboard/signin?next=${encodeURIComponent(location.pathname)}`),r(ne(i))}finally{e(!1)}}}}function Do(t=location.search){let e=new URLSearchParams(t).get("next")??"";return/^\/dashboard\/(test|live)\/(keys|billing|webhooks)$/.test(e)?e:"/dashboard/test/keys"}function Nr(){let t=location.hash.slice(1);return new URLSearchParams(t).get("token")??(/^[A-Za-z0-9_-]+$/.test(t)?t:"")}function mt({title:t,children:e}){return m`
    <main id="main" class="auth" tabindex="-1">
      <p class="brand">Assessment Service</p>
      <h1>${t}</h1>
      ${e}
    </main>
  `}function Fr({mode:t}){let e=I(),n=s=>{s.preventDefault();let o=new FormData(s.currentTarget),i=String(o.get("email")??"").trim(),a=String(o.get("password")??"");e.run(async()=>{t==="signup"?await _.signUp(i,a):await _.signIn(i,a),location.assign(Do())})},r=t==="signup";return m`
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
  `}var Vr=()=>m`<${mt} title="Sign in to the dashboard"><${Fr} mode="signin" /><//>`,Xr=()=>m`<${mt} title="Create your account"
    ><p>Test keys work at once; live keys need a verified e-mail address.</p>
    <${Fr} mode="signup"
  /><//>`;function Jr(){let[t,e]=v("working"),[n,r]=v(null);return L(()=>{let s=Nr();if(!s){e("failed"),r("This link has no verification token. Open the link from the mail again.");return}_.verifyEmail(s).then(()=>e("done"),o=>{e("failed"),r(ne(o))})},[]),m`
    <${mt} title="Verify your e-mail">
      ${t==="working"?m`<p aria-busy="true">Verifying…</p>`:null}
      ${t==="done"?m`<p role="status">Your e-mail address is verified. You can now create live keys.</p>
              <p><a href="/dashboard/live/keys">Go to live keys</a></p>`:null}
      <${A} error=${n} />
    <//>
  `}function Gr(){let t=Nr(),e=I(),[n,r]=v(null),s=o=>{o.preventDefault();let i=new FormData(o.currentTarget);e.run(async()=>{t?(await _.resetPassword(t,String(i.get("password")??"")),r("Your password is changed, and every other session is signed out. Sign in with the new password.")):(await _.requestPasswordReset(String(i.get("email")??"").trim()),r("If an account has that address, a reset link is on its way."))})};return m`
    <${mt} title=${t?"Choose a new password":"Reset your password"}>
      <${A} error=${e.error} message=${n} />
      ${n?m`<p><a href="/dashboard/signin">Sign in</a></p>`:m`<form onSubmit=${s} class="card">
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
  `}var ht=t=>t.toLocaleString("en-US");function Uo(t){let e=t.monthly_cents===0?"Free":`${yt(t.monthly_cents,t.currency)} a month`,n=t.included_live_requests>0?`, ${ht(t.included_live_requests)} live requests included`:"",r=t.per_thousand_live_requests_cents>0?`, then ${yt(t.per_thousand_live_requests_cents,t.currency)} per 1,000`:"";return`${e}${n}${r}`}var yt=(t,e)=>new Intl.NumberFormat("en-US",{style:"currency",currency:e.toUpperCase()}).format(t/100);function zr({environment:t}){let[e,n]=v(null),[r,s]=v(null),o=I(),i=I();if(L(()=>{o.run(async()=>n(await _.billing()))},[]),!e)return m`<h1>
        Billing <span class=${`mode-badge mode-${t}`}>${V(t)}</span>
      </h1>
      <${A} error=${o.error} />
      ${o.error?null:m`<p aria-busy="true">Loading billing…</p>`}`;let a=e.daily.filter(u=>u.live_requests>0),d=e.tiers.findIndex(u=>u.tier===e.tier),c=u=>i.run(async()=>{let l=await _.changePlan(u.tier);n(l),s(`Your account is now on tier ${l.tier} (${l.plan}). New rate limits apply to the next request.`)});return m`
    <h1>Billing <span class=${`mode-badge mode-${t}`}>${V(t)}</span></h1>
    <p class="lead">
      Billing is for the whole account. Only live requests are metered; test-mode traffic is free.
    </p>
    <${A} error=${i.error??o.error} message=${r} />
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
            ${e.tiers.map((u,l)=>{let p=u.tier===e.tier,f=l>d?"Upgrade":"Downgrade";return m`
                <tr
                  key=${u.tier}
                  aria-current=${p?"true":void 0}
                  class=${p?"current":""}
                >
                  <th scope="row">Tier ${u.tier}</th>
                  <td>${u.plan}</td>
                  <td class="number">${ht(u.per_key)} / min</td>
                  <td class="number">${ht(u.per_account)} / min</td>
                  <td>${Uo(u.price)}</td>
                  <td>
                    ${p?m`<span class="muted">Current</span>`:m`<button type="button" disabled=${i.busy} onClick=${()=>c(u)}>${f} to ${u.plan}</button>`}
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
          >${yt(e.estimate.total_cents,e.estimate.currency)}</strong
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
                      <td class="number">${ht(u.quantity)}</td>
                      <td class="number">${yt(u.amount_cents,e.estimate.currency)}</td>
                    </tr>`)}
              </tbody>
            </table>`:null}
      <div class="usage">
        <${Bo} daily=${e.daily} month=${e.month} />
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
  `}var zt=620,Z=160,oe=44,Ho=t=>t>=1e4?`${Math.round(t/1e3)}k`:String(t);function Wo(t,e){let[n,r]=t.split("-").map(Number),s=new Date(Date.UTC(n,r,0)).getUTCDate(),o=new Map(e.map(i=>[i.date,i.live_requests]));return Array.from({length:s},(i,a)=>{let d=`${t}-${String(a+1).padStart(2,"0")}`;return{date:d,live_requests:o.get(d)??0}})}function Bo({daily:t,month:e}){let n=Wo(e,t),r=Math.max(1,...n.map(a=>a.live_requests)),s=(zt-oe)/n.length,o=s*.7,i=n.reduce((a,d)=>a+d.live_requests,0);return m`
    <figure class="chart">
      <svg
        viewBox=${`0 0 ${zt} ${Z+22}`}
        role="img"
        aria-labelledby="usage-chart-title usage-chart-desc"
        class="usage-chart"
      >
        <title id="usage-chart-title">Live requests per day in ${e}</title>
        <desc id="usage-chart-desc">
          ${i} live requests in ${e}, at most ${r} in a day. The table beside the chart lists every
          day with traffic.
        </desc>
        <line x1=${oe} y1=${Z} x2=${zt} y2=${Z} class="axis" />
        <line x1=${oe} y1="4" x2=${oe} y2=${Z} class="axis" />
        <text x=${oe-6} y="14" text-anchor="end" class="tick">${Ho(r)}</text>
        <text x=${oe-6} y=${Z} text-anchor="end" class="tick">0</text>
        ${n.map((a,d)=>{let c=a.live_requests/r*(Z-10),u=oe+d*s+(s-o)/2,l=d===0||(d+1)%5===0;return m`
            ${a.live_requests>0?m`<rect x=${u} y=${Z-c} width=${o} height=${c} class="bar"><title>${a.date}: ${a.live_requests}</title></rect>`:null}
            ${l?m`<text x=${u+o/2} y=${Z+16} text-anchor="middle" class="tick">${d+1}</text>`:null}
          `})}
      </svg>
      <figcaption>Live requests per day of ${e} (UTC).</figcaption>
    </figure>
  `}var X=t=>t.name??"Unnamed key";function Yr({environment:t}){let[e,n]=v(null),[r,s]=v([]),[o,i]=v(null),[a,d]=v(null),c=I(),u=()=>c.run(async()=>n(await _.keys(t)));L(()=>{c.run(async()=>{let[p,f]=await Promise.all([_.keys(t),_.scopes()]);n(p),s(f)})},[t]);let l=o?.kind==="create"?`Create a ${t} key`:o?.kind==="secret"?o.title:o?.kind==="rotate"?`Rotate ${X(o.key)}?`:o?.kind==="revoke"?`Revoke ${X(o.key)}?`:"";return m`
    <div class="page-heading">
      <h1>API keys <span class=${`mode-badge mode-${t}`}>${V(t)}</span></h1>
      <button type="button" class="primary" onClick=${()=>i({kind:"create"})}>Create key</button>
    </div>
    <p class="lead">
      Keys for the ${t} environment. Secret keys (<code>${t}_sk_</code>) belong on your
      server; publishable keys (<code>${t}_pk_</code>) may ship in a browser.
    </p>
    <${A} error=${c.error} message=${a} />
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
                        <td><${re} iso=${p.created_at} /></td>
                        <td><${re} iso=${p.last_used_at} /></td>
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
    <${pt} open=${o!==null} title=${l} onClose=${()=>i(null)}>
      ${o?.kind==="create"?m`<${Ko}
              environment=${t}
              scopes=${r}
              onCancel=${()=>i(null)}
              onCreated=${(p,f)=>{i({kind:"secret",title:`Your new key ${f}`,secret:p}),d(`Created the key ${f}.`),u()}}
            />`:null}
      ${o?.kind==="secret"?m`<${No} secret=${o.secret} onDone=${()=>i(null)} />`:null}
      ${o?.kind==="rotate"?m`<${$e}
              text=${`The current key ${o.key.redacted} stops working immediately, and a new key with the same name and scopes is shown once.`}
              confirm="Rotate key"
              onCancel=${()=>i(null)}
              onConfirm=${async()=>{let p=await _.rotateKey(o.key.id);i({kind:"secret",title:`The new key for ${X(p.key)}`,secret:p.secret}),d(`Rotated the key ${X(p.key)}; the old key no longer works.`),u()}}
            />`:null}
      ${o?.kind==="revoke"?m`<${$e}
              text=${`Requests with ${o.key.redacted} will be refused (401) from now on. This cannot be undone.`}
              confirm="Revoke key"
              danger=${!0}
              onCancel=${()=>i(null)}
              onConfirm=${async()=>{let p=await _.revokeKey(o.key.id);i(null),d(`Revoked the key ${X(p)}.`),u()}}
            />`:null}
    <//>
  `}function Ko({environment:t,scopes:e,onCancel:n,onCreated:r}){let s=I();return m`
    <form onSubmit=${i=>{i.preventDefault();let a=new FormData(i.currentTarget),d=String(a.get("name")??"").trim(),c=a.get("type")==="pk"?"pk":"sk",u=a.getAll("scopes").map(String);if(u.length===0){s.setError("Choose at least one scope.");return}s.run(async()=>{let l=await _.createKey({name:d,type:c,environment:t,scopes:u});r(l.secret,X(l.key))})}} novalidate=${!1}>
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
  `}function No({secret:t,onDone:e}){return m`
    <${ft} label="API key" secret=${t} />
    <div class="buttons"><button type="button" class="primary" onClick=${e}>Done</button></div>
  `}function $e({text:t,confirm:e,danger:n=!1,onCancel:r,onConfirm:s}){let o=I();return m`
    <p>${t}</p>
    <${A} error=${o.error} />
    <div class="buttons">
      <button type="button" onClick=${r} autofocus>Cancel</button>
      <button
        type="button"
        class=${n?"danger":"primary"}
        disabled=${o.busy}
        onClick=${()=>o.run(s)}
      >
        ${e}
      </button>
    </div>
  `}var pe=t=>t.status==="enabled";function Qr({environment:t}){let[e,n]=v(null),[r,s]=v([]),[o,i]=v(null),[a,d]=v(null),[c,u]=v(null),l=I(),p=I(),f=()=>l.run(async()=>n(await _.endpoints(t)));L(()=>{l.run(async()=>{let[h,P]=await Promise.all([_.endpoints(t),_.eventTypes()]);n(h),s(P)})},[t]);let g=h=>p.run(async()=>{pe(h)?await _.disableEndpoint(h.id):await _.enableEndpoint(h.id),u(`${pe(h)?"Disabled":"Enabled"} ${h.url}.`),await f()}),w={add:`Add a ${t} endpoint`,rotate:"Rotate the signing secret?",remove:"Remove this endpoint?",test:"Send a test event"},k=o?o.kind==="secret"?o.title:w[o.kind]:"",b=e?.find(h=>h.id===a);return m`
    <div class="page-heading">
      <h1>Webhooks <span class=${`mode-badge mode-${t}`}>${V(t)}</span></h1>
      <button type="button" class="primary" onClick=${()=>i({kind:"add"})}>Add endpoint</button>
    </div>
    <p class="lead">
      Endpoints that receive ${t==="test"?"test-mode":"live"} events, signed with their own
      secret (Standard Webhooks).
    </p>
    <${A} error=${p.error??l.error} message=${c} />
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
                        <td>${h.events.map(P=>m`<code class="scope">${P}</code> `)}</td>
                        <td>
                          <span class=${`status status-${pe(h)?"active":"revoked"}`}
                            >${pe(h)?"Enabled":"Disabled"}</span
                          >${h.disabled_reason?m`<p class="hint">${h.disabled_reason}</p>`:null}
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
    ${b?m`<${Xo} endpoint=${b} onMessage=${u} />`:null}
    <${pt} open=${o!==null} title=${k} onClose=${()=>i(null)}>
      ${o?.kind==="add"?m`<${Fo}
              environment=${t}
              eventTypes=${r}
              onCancel=${()=>i(null)}
              onCreated=${(h,P)=>{i({kind:"secret",title:`Signing secret for ${h.url}`,secret:P}),u(`Added ${h.url}.`),d(h.id),f()}}
            />`:null}
      ${o?.kind==="secret"?m`<${ft} label="Signing secret" secret=${o.secret} />
              <div class="buttons">
                <button type="button" class="primary" onClick=${()=>i(null)}>Done</button>
              </div>`:null}
      ${o?.kind==="rotate"?m`<${$e}
              text=${`Deliveries to ${o.endpoint.url} will be signed with a new secret, shown once. Update your receiver before the next event.`}
              confirm="Rotate secret"
              onCancel=${()=>i(null)}
              onConfirm=${async()=>{let h=await _.rotateEndpointSecret(o.endpoint.id);i({kind:"secret",title:`New signing secret for ${h.endpoint.url}`,secret:h.secret})}}
            />`:null}
      ${o?.kind==="remove"?m`<${$e}
              text=${`${o.endpoint.url} will receive no more events. This cannot be undone.`}
              confirm="Remove endpoint"
              danger=${!0}
              onCancel=${()=>i(null)}
              onConfirm=${async()=>{await _.removeEndpoint(o.endpoint.id),a===o.endpoint.id&&d(null),i(null),u(`Removed ${o.endpoint.url}.`),await f()}}
            />`:null}
      ${o?.kind==="test"?m`<${Vo}
              endpoint=${o.endpoint}
              eventTypes=${o.endpoint.events.includes("*")?r:o.endpoint.events}
              onCancel=${()=>i(null)}
              onSent=${h=>{i(null),d(o.endpoint.id),u(`Sent a test ${h} event to ${o.endpoint.url}; it appears under its deliveries.`)}}
            />`:null}
    <//>
  `}function Fo({environment:t,eventTypes:e,onCancel:n,onCreated:r}){let s=I();return m`
    <form onSubmit=${i=>{i.preventDefault();let a=new FormData(i.currentTarget),d=String(a.get("url")??"").trim(),c=a.getAll("events").map(String);if(c.length===0){s.setError("Choose at least one event type.");return}s.run(async()=>{let u=await _.createEndpoint({environment:t,url:d,events:c});r(u.endpoint,u.secret)})}}>
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
        ${e.map(i=>m`<div class="checkbox">
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
  `}function Vo({endpoint:t,eventTypes:e,onCancel:n,onSent:r}){let s=I();return m`
    <form onSubmit=${i=>{i.preventDefault();let a=String(new FormData(i.currentTarget).get("type")??"");s.run(async()=>{await _.sendTestEvent(t.id,a),r(a)})}}>
      <p>A sample event is signed and delivered to <code>${t.url}</code> like a real one.</p>
      <${A} error=${s.error} />
      <div class="field">
        <label for="test-event-type">Event type</label>
        <select id="test-event-type" name="type" autofocus>
          ${e.map(i=>m`<option value=${i}>${i}</option>`)}
        </select>
      </div>
      <div class="buttons">
        <button type="button" onClick=${n}>Cancel</button>
        <button type="submit" class="primary" disabled=${s.busy}>Send test event</button>
      </div>
    </form>
  `}function Xo({endpoint:t,onMessage:e}){let[n,r]=v(null),s=I(),o=I(),i=()=>s.run(async()=>r(await _.deliveries(t.id)));return L(()=>{i()},[t.id]),m`
    <section class="deliveries" aria-labelledby="deliveries-heading">
      <div class="page-heading">
        <h2 id="deliveries-heading">Recent deliveries to <code>${t.url}</code></h2>
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
                          <td><${re} iso=${a.last_attempt_at} empty="—" /></td>
                          <td><${re} iso=${a.next_attempt_at} empty="—" /></td>
                          <td class="actions">
                            <button
                              type="button"
                              disabled=${o.busy}
                              aria-label=${`Resend ${a.event_type} ${a.event_id}`}
                              onClick=${()=>o.run(async()=>{await _.resendEvent(a.event_id),e(`Queued ${a.event_id} again.`),await i()})}
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
  `}var eo={keys:Yr,billing:zr,webhooks:Qr},Zr={signin:Vr,signup:Xr,"verify-email":Jr,"reset-password":Gr};function Jo({page:t,environment:e}){let[n,r]=v(null),[s,o]=v(null);if(L(()=>{_.session().then(r,a=>{ut(a)?location.replace(`/dashboard/signin?next=${encodeURIComponent(location.pathname)}`):o(ne(a))})},[]),!n)return m`<main id="main">
      <h1>${Gt[t]}</h1>
      ${s?m`<${A} error=${s} />`:m`<p aria-busy="true">Loading…</p>`}
    </main>`;let i=eo[t];return m`<${Kr} page=${t} environment=${e} session=${n}
    ><${i} environment=${e}
  /><//>`}var Yt=document.getElementById("app"),{page:gt="",environment:Qt}=document.body.dataset;if(Yt){if(gt in eo&&(Qt==="test"||Qt==="live"))Ae(m`<${Jo} page=${gt} environment=${Qt} />`,Yt);else if(gt in Zr){let t=Zr[gt];Ae(m`<${t} />`,Yt),window.addEventListener("hashchange",()=>location.reload())}}
