// Built by `npm run generate` from service/dashboard/ui/ (esbuild 0.28.2); do not edit.
var pe,b,$t,On,N,yt,kt,wt,Pt,ze,Ge,Ye,Dn,te={},Rt=[],Ln=/acit|ex(?:s|g|n|p|$)|rph|grid|ows|mnc|ntw|ine[ch]|zoo|^ord|itera/i,me=Array.isArray;function O(t,e){for(var n in e)t[n]=e[n];return t}function Je(t){t&&t.parentNode&&t.parentNode.removeChild(t)}function he(t,e,n){var r,s,o,i={};for(o in e)o=="key"?r=e[o]:o=="ref"?s=e[o]:i[o]=e[o];if(arguments.length>2&&(i.children=arguments.length>3?pe.call(arguments,2):n),typeof t=="function"&&t.defaultProps!=null)for(o in t.defaultProps)i[o]===void 0&&(i[o]=t.defaultProps[o]);return ce(t,i,r,s,null)}function ce(t,e,n,r,s){var o={type:t,props:e,key:n,ref:r,__k:null,__:null,__b:0,__e:null,__c:null,constructor:void 0,__v:s??++$t,__i:-1,__u:0};return s==null&&b.vnode!=null&&b.vnode(o),o}function fe(t){return t.children}function ee(t,e){this.props=t,this.context=e}function G(t,e){if(e==null)return t.__?G(t.__,t.__i+1):null;for(var n;e<t.__k.length;e++)if((n=t.__k[e])!=null&&n.__e!=null)return n.__e;return typeof t.type=="function"?G(t):null}function xt(t){var e,n;if((t=t.__)!=null&&t.__c!=null){for(t.__e=t.__c.base=null,e=0;e<t.__k.length;e++)if((n=t.__k[e])!=null&&n.__e!=null){t.__e=t.__c.base=n.__e;break}return xt(t)}}function gt(t){(!t.__d&&(t.__d=!0)&&N.push(t)&&!ue.__r++||yt!=b.debounceRendering)&&((yt=b.debounceRendering)||kt)(ue)}function ue(){for(var t,e,n,r,s,o,i,a=1;N.length;)N.length>a&&N.sort(wt),t=N.shift(),a=N.length,t.__d&&(n=void 0,r=void 0,s=(r=(e=t).__v).__e,o=[],i=[],e.__P&&((n=O({},r)).__v=r.__v+1,b.vnode&&b.vnode(n),Qe(e.__P,n,r,e.__n,e.__P.namespaceURI,32&r.__u?[s]:null,o,s??G(r),!!(32&r.__u),i),n.__v=r.__v,n.__.__k[n.__i]=n,Ct(o,n,i),r.__e=r.__=null,n.__e!=s&&xt(n)));ue.__r=0}function Et(t,e,n,r,s,o,i,a,d,c,u){var l,m,f,k,C,w,y,h=r&&r.__k||Rt,q=e.length;for(d=Un(n,e,h,d,q),l=0;l<q;l++)(f=n.__k[l])!=null&&(m=f.__i==-1?te:h[f.__i]||te,f.__i=l,w=Qe(t,f,m,s,o,i,a,d,c,u),k=f.__e,f.ref&&m.ref!=f.ref&&(m.ref&&Ze(m.ref,null,f),u.push(f.ref,f.__c||k,f)),C==null&&k!=null&&(C=k),(y=!!(4&f.__u))||m.__k===f.__k?d=St(f,d,t,y):typeof f.type=="function"&&w!==void 0?d=w:k&&(d=k.nextSibling),f.__u&=-7);return n.__e=C,d}function Un(t,e,n,r,s){var o,i,a,d,c,u=n.length,l=u,m=0;for(t.__k=new Array(s),o=0;o<s;o++)(i=e[o])!=null&&typeof i!="boolean"&&typeof i!="function"?(typeof i=="string"||typeof i=="number"||typeof i=="bigint"||i.constructor==String?i=t.__k[o]=ce(null,i,null,null,null):me(i)?i=t.__k[o]=ce(fe,{children:i},null,null,null):i.constructor==null&&i.__b>0?i=t.__k[o]=ce(i.type,i.props,i.key,i.ref?i.ref:null,i.__v):t.__k[o]=i,d=o+m,i.__=t,i.__b=t.__b+1,(c=i.__i=Wn(i,n,d,l))!=-1&&(l--,(a=n[c])&&(a.__u|=2)),a==null||a.__v==null?(c==-1&&(s>u?m--:s<u&&m++),typeof i.type!="function"&&(i.__u|=4)):c!=d&&(c==d-1?m--:c==d+1?m++:(c>d?m--:m++,i.__u|=4))):t.__k[o]=null;if(l)for(o=0;o<u;o++)(a=n[o])!=null&&(2&a.__u)==0&&(a.__e==r&&(r=G(a)),Tt(a,a));return r}function St(t,e,n,r){var s,o;if(typeof t.type=="function"){for(s=t.__k,o=0;s&&o<s.length;o++)s[o]&&(s[o].__=t,e=St(s[o],e,n,r));return e}t.__e!=e&&(r&&(e&&t.type&&!e.parentNode&&(e=G(t)),n.insertBefore(t.__e,e||null)),e=t.__e);do e=e&&e.nextSibling;while(e!=null&&e.nodeType==8);return e}function Wn(t,e,n,r){var s,o,i,a=t.key,d=t.type,c=e[n],u=c!=null&&(2&c.__u)==0;if(c===null&&a==null||u&&a==c.key&&d==c.type)return n;if(r>(u?1:0)){for(s=n-1,o=n+1;s>=0||o<e.length;)if((c=e[i=s>=0?s--:o++])!=null&&(2&c.__u)==0&&a==c.key&&d==c.type)return i}return-1}function bt(t,e,n){e[0]=="-"?t.setProperty(e,n??""):t[e]=n==null?"":typeof n!="number"||Ln.test(e)?n:n+"px"}function de(t,e,n,r,s){var o,i;e:if(e=="style")if(typeof n=="string")t.style.cssText=n;else{if(typeof r=="string"&&(t.style.cssText=r=""),r)for(e in r)n&&e in n||bt(t.style,e,"");if(n)for(e in n)r&&n[e]==r[e]||bt(t.style,e,n[e])}else if(e[0]=="o"&&e[1]=="n")o=e!=(e=e.replace(Pt,"$1")),i=e.toLowerCase(),e=i in t||e=="onFocusOut"||e=="onFocusIn"?i.slice(2):e.slice(2),t.l||(t.l={}),t.l[e+o]=n,n?r?n.u=r.u:(n.u=ze,t.addEventListener(e,o?Ye:Ge,o)):t.removeEventListener(e,o?Ye:Ge,o);else{if(s=="http://www.w3.org/2000/svg")e=e.replace(/xlink(H|:h)/,"h").replace(/sName$/,"s");else if(e!="width"&&e!="height"&&e!="href"&&e!="list"&&e!="form"&&e!="tabIndex"&&e!="download"&&e!="rowSpan"&&e!="colSpan"&&e!="role"&&e!="popover"&&e in t)try{t[e]=n??"";break e}catch{}typeof n=="function"||(n==null||n===!1&&e[4]!="-"?t.removeAttribute(e):t.setAttribute(e,e=="popover"&&n==1?"":n))}}function vt(t){return function(e){if(this.l){var n=this.l[e.type+t];if(e.t==null)e.t=ze++;else if(e.t<n.u)return;return n(b.event?b.event(e):e)}}}function Qe(t,e,n,r,s,o,i,a,d,c){var u,l,m,f,k,C,w,y,h,q,H,ae,Q,_t,le,Z,Ve,M=e.type;if(e.constructor!=null)return null;128&n.__u&&(d=!!(32&n.__u),o=[a=e.__e=n.__e]),(u=b.__b)&&u(e);e:if(typeof M=="function")try{if(y=e.props,h="prototype"in M&&M.prototype.render,q=(u=M.contextType)&&r[u.__c],H=u?q?q.props.value:u.__:r,n.__c?w=(l=e.__c=n.__c).__=l.__E:(h?e.__c=l=new M(y,H):(e.__c=l=new ee(y,H),l.constructor=M,l.render=Hn),q&&q.sub(l),l.state||(l.state={}),l.__n=r,m=l.__d=!0,l.__h=[],l._sb=[]),h&&l.__s==null&&(l.__s=l.state),h&&M.getDerivedStateFromProps!=null&&(l.__s==l.state&&(l.__s=O({},l.__s)),O(l.__s,M.getDerivedStateFromProps(y,l.__s))),f=l.props,k=l.state,l.__v=e,m)h&&M.getDerivedStateFromProps==null&&l.componentWillMount!=null&&l.componentWillMount(),h&&l.componentDidMount!=null&&l.__h.push(l.componentDidMount);else{if(h&&M.getDerivedStateFromProps==null&&y!==f&&l.componentWillReceiveProps!=null&&l.componentWillReceiveProps(y,H),e.__v==n.__v||!l.__e&&l.shouldComponentUpdate!=null&&l.shouldComponentUpdate(y,l.__s,H)===!1){for(e.__v!=n.__v&&(l.props=y,l.state=l.__s,l.__d=!1),e.__e=n.__e,e.__k=n.__k,e.__k.some(function(V){V&&(V.__=e)}),ae=0;ae<l._sb.length;ae++)l.__h.push(l._sb[ae]);l._sb=[],l.__h.length&&i.push(l);break e}l.componentWillUpdate!=null&&l.componentWillUpdate(y,l.__s,H),h&&l.componentDidUpdate!=null&&l.__h.push(function(){l.componentDidUpdate(f,k,C)})}if(l.context=H,l.props=y,l.__P=t,l.__e=!1,Q=b.__r,_t=0,h){for(l.state=l.__s,l.__d=!1,Q&&Q(e),u=l.render(l.props,l.state,l.context),le=0;le<l._sb.length;le++)l.__h.push(l._sb[le]);l._sb=[]}else do l.__d=!1,Q&&Q(e),u=l.render(l.props,l.state,l.context),l.state=l.__s;while(l.__d&&++_t<25);l.state=l.__s,l.getChildContext!=null&&(r=O(O({},r),l.getChildContext())),h&&!m&&l.getSnapshotBeforeUpdate!=null&&(C=l.getSnapshotBeforeUpdate(f,k)),Z=u,u!=null&&u.type===fe&&u.key==null&&(Z=qt(u.props.children)),a=Et(t,me(Z)?Z:[Z],e,n,r,s,o,i,a,d,c),l.base=e.__e,e.__u&=-161,l.__h.length&&i.push(l),w&&(l.__E=l.__=null)}catch(V){if(e.__v=null,d||o!=null)if(V.then){for(e.__u|=d?160:128;a&&a.nodeType==8&&a.nextSibling;)a=a.nextSibling;o[o.indexOf(a)]=null,e.__e=a}else{for(Ve=o.length;Ve--;)Je(o[Ve]);Xe(e)}else e.__e=n.__e,e.__k=n.__k,V.then||Xe(e);b.__e(V,e,n)}else o==null&&e.__v==n.__v?(e.__k=n.__k,e.__e=n.__e):a=e.__e=Kn(n.__e,e,n,r,s,o,i,d,c);return(u=b.diffed)&&u(e),128&e.__u?void 0:a}function Xe(t){t&&t.__c&&(t.__c.__e=!0),t&&t.__k&&t.__k.forEach(Xe)}function Ct(t,e,n){for(var r=0;r<n.length;r++)Ze(n[r],n[++r],n[++r]);b.__c&&b.__c(e,t),t.some(function(s){try{t=s.__h,s.__h=[],t.some(function(o){o.call(s)})}catch(o){b.__e(o,s.__v)}})}function qt(t){return typeof t!="object"||t==null||t.__b&&t.__b>0?t:me(t)?t.map(qt):O({},t)}function Kn(t,e,n,r,s,o,i,a,d){var c,u,l,m,f,k,C,w=n.props||te,y=e.props,h=e.type;if(h=="svg"?s="http://www.w3.org/2000/svg":h=="math"?s="http://www.w3.org/1998/Math/MathML":s||(s="http://www.w3.org/1999/xhtml"),o!=null){for(c=0;c<o.length;c++)if((f=o[c])&&"setAttribute"in f==!!h&&(h?f.localName==h:f.nodeType==3)){t=f,o[c]=null;break}}if(t==null){if(h==null)return document.createTextNode(y);t=document.createElementNS(s,h,y.is&&y),a&&(b.__m&&b.__m(e,o),a=!1),o=null}if(h==null)w===y||a&&t.data==y||(t.data=y);else{if(o=o&&pe.call(t.childNodes),!a&&o!=null)for(w={},c=0;c<t.attributes.length;c++)w[(f=t.attributes[c]).name]=f.value;for(c in w)if(f=w[c],c!="children"){if(c=="dangerouslySetInnerHTML")l=f;else if(!(c in y)){if(c=="value"&&"defaultValue"in y||c=="checked"&&"defaultChecked"in y)continue;de(t,c,null,f,s)}}for(c in y)f=y[c],c=="children"?m=f:c=="dangerouslySetInnerHTML"?u=f:c=="value"?k=f:c=="checked"?C=f:a&&typeof f!="function"||w[c]===f||de(t,c,f,w[c],s);if(u)a||l&&(u.__html==l.__html||u.__html==t.innerHTML)||(t.innerHTML=u.__html),e.__k=[];else if(l&&(t.innerHTML=""),Et(e.type=="template"?t.content:t,me(m)?m:[m],e,n,r,h=="foreignObject"?"http://www.w3.org/1999/xhtml":s,o,i,o?o[0]:n.__k&&G(n,0),a,d),o!=null)for(c=o.length;c--;)Je(o[c]);a||(c="value",h=="progress"&&k==null?t.removeAttribute("value"):k!=null&&(k!==t[c]||h=="progress"&&!k||h=="option"&&k!=w[c])&&de(t,c,k,w[c],s),c="checked",C!=null&&C!=t[c]&&de(t,c,C,w[c],s))}return t}function Ze(t,e,n){try{if(typeof t=="function"){var r=typeof t.__u=="function";r&&t.__u(),r&&e==null||(t.__u=t(e))}else t.current=e}catch(s){b.__e(s,n)}}function Tt(t,e,n){var r,s;if(b.unmount&&b.unmount(t),(r=t.ref)&&(r.current&&r.current!=t.__e||Ze(r,null,e)),(r=t.__c)!=null){if(r.componentWillUnmount)try{r.componentWillUnmount()}catch(o){b.__e(o,e)}r.base=r.__P=null}if(r=t.__k)for(s=0;s<r.length;s++)r[s]&&Tt(r[s],e,n||typeof t.type!="function");n||Je(t.__e),t.__c=t.__=t.__e=void 0}function Hn(t,e,n){return this.constructor(t,n)}function _e(t,e,n){var r,s,o,i;e==document&&(e=document.documentElement),b.__&&b.__(t,e),s=(r=typeof n=="function")?null:n&&n.__k||e.__k,o=[],i=[],Qe(e,t=(!r&&n||e).__k=he(fe,null,[t]),s||te,te,e.namespaceURI,!r&&n?[n]:s?null:e.firstChild?pe.call(e.childNodes):null,o,!r&&n?n:s?s.__e:e.firstChild,r,i),Ct(o,t,i)}pe=Rt.slice,b={__e:function(t,e,n,r){for(var s,o,i;e=e.__;)if((s=e.__c)&&!s.__)try{if((o=s.constructor)&&o.getDerivedStateFromError!=null&&(s.setState(o.getDerivedStateFromError(t)),i=s.__d),s.componentDidCatch!=null&&(s.componentDidCatch(t,r||{}),i=s.__d),i)return s.__E=s}catch(a){t=a}throw t}},$t=0,On=function(t){return t!=null&&t.constructor==null},ee.prototype.setState=function(t,e){var n;n=this.__s!=null&&this.__s!=this.state?this.__s:this.__s=O({},this.state),typeof t=="function"&&(t=t(O({},n),this.props)),t&&O(n,t),t!=null&&this.__v&&(e&&this._sb.push(e),gt(this))},ee.prototype.forceUpdate=function(t){this.__v&&(this.__e=!0,t&&this.__h.push(t),gt(this))},ee.prototype.render=fe,N=[],kt=typeof Promise=="function"?Promise.prototype.then.bind(Promise.resolve()):setTimeout,wt=function(t,e){return t.__v.__b-e.__v.__b},ue.__r=0,Pt=/(PointerCapture)$|Capture$/i,ze=0,Ge=vt(!1),Ye=vt(!0),Dn=0;var Mt=function(t,e,n,r){var s;e[0]=0;for(var o=1;o<e.length;o++){var i=e[o++],a=e[o]?(e[0]|=i?1:2,n[e[o++]]):e[++o];i===3?r[0]=a:i===4?r[1]=Object.assign(r[1]||{},a):i===5?(r[1]=r[1]||{})[e[++o]]=a:i===6?r[1][e[++o]]+=a+"":i?(s=t.apply(a,Mt(t,a,n,["",null])),r.push(s),a[0]?e[0]|=2:(e[o-2]=0,e[o]=s)):r.push(a)}return r},At=new Map;function It(t){var e=At.get(this);return e||(e=new Map,At.set(this,e)),(e=Mt(this,e.get(t)||(e.set(t,e=(function(n){for(var r,s,o=1,i="",a="",d=[0],c=function(m){o===1&&(m||(i=i.replace(/^\s*\n\s*|\s*\n\s*$/g,"")))?d.push(0,m,i):o===3&&(m||i)?(d.push(3,m,i),o=2):o===2&&i==="..."&&m?d.push(4,m,0):o===2&&i&&!m?d.push(5,0,!0,i):o>=5&&((i||!m&&o===5)&&(d.push(o,0,i,s),o=6),m&&(d.push(o,m,0,s),o=6)),i=""},u=0;u<n.length;u++){u&&(o===1&&c(),c(u));for(var l=0;l<n[u].length;l++)r=n[u][l],o===1?r==="<"?(c(),d=[d],o=3):i+=r:o===4?i==="--"&&r===">"?(o=1,i=""):i=r+i[0]:a?r===a?a="":i+=r:r==='"'||r==="'"?a=r:r===">"?(c(),o=1):o&&(r==="="?(o=5,s=i,i=""):r==="/"&&(o<5||n[u][l+1]===">")?(c(),o===3&&(d=d[0]),o=d,(d=d[0]).push(2,0,o),o=0):r===" "||r==="	"||r===`
`||r==="\r"?(c(),o=2):i+=r),o===3&&i==="!--"&&(o=4,d=d[0])}return c(),d})(t)),e),arguments,[])).length>1?e:e[0]}var p=It.bind(he);var ne,P,et,Ot,ge=0,Ft=[],R=b,Dt=R.__b,Lt=R.__r,Ut=R.diffed,Wt=R.__c,Kt=R.unmount,Ht=R.__;function nt(t,e){R.__h&&R.__h(P,t,ge||e),ge=0;var n=P.__H||(P.__H={__:[],__h:[]});return t>=n.__.length&&n.__.push({}),n.__[t]}function g(t){return ge=1,Nn(Bt,t)}function Nn(t,e,n){var r=nt(ne++,2);if(r.t=t,!r.__c&&(r.__=[n?n(e):Bt(void 0,e),function(a){var d=r.__N?r.__N[0]:r.__[0],c=r.t(d,a);d!==c&&(r.__N=[c,r.__[1]],r.__c.setState({}))}],r.__c=P,!P.__f)){var s=function(a,d,c){if(!r.__c.__H)return!0;var u=r.__c.__H.__.filter(function(m){return!!m.__c});if(u.every(function(m){return!m.__N}))return!o||o.call(this,a,d,c);var l=r.__c.props!==a;return u.forEach(function(m){if(m.__N){var f=m.__[0];m.__=m.__N,m.__N=void 0,f!==m.__[0]&&(l=!0)}}),o&&o.call(this,a,d,c)||l};P.__f=!0;var o=P.shouldComponentUpdate,i=P.componentWillUpdate;P.componentWillUpdate=function(a,d,c){if(this.__e){var u=o;o=void 0,s(a,d,c),o=u}i&&i.call(this,a,d,c)},P.shouldComponentUpdate=s}return r.__N||r.__}function T(t,e){var n=nt(ne++,3);!R.__s&&jt(n.__H,e)&&(n.__=t,n.u=e,P.__H.__h.push(n))}function oe(t){return ge=5,Fn(function(){return{current:t}},[])}function Fn(t,e){var n=nt(ne++,7);return jt(n.__H,e)&&(n.__=t(),n.__H=e,n.__h=t),n.__}function jn(){for(var t;t=Ft.shift();)if(t.__P&&t.__H)try{t.__H.__h.forEach(ye),t.__H.__h.forEach(tt),t.__H.__h=[]}catch(e){t.__H.__h=[],R.__e(e,t.__v)}}R.__b=function(t){P=null,Dt&&Dt(t)},R.__=function(t,e){t&&e.__k&&e.__k.__m&&(t.__m=e.__k.__m),Ht&&Ht(t,e)},R.__r=function(t){Lt&&Lt(t),ne=0;var e=(P=t.__c).__H;e&&(et===P?(e.__h=[],P.__h=[],e.__.forEach(function(n){n.__N&&(n.__=n.__N),n.u=n.__N=void 0})):(e.__h.forEach(ye),e.__h.forEach(tt),e.__h=[],ne=0)),et=P},R.diffed=function(t){Ut&&Ut(t);var e=t.__c;e&&e.__H&&(e.__H.__h.length&&(Ft.push(e)!==1&&Ot===R.requestAnimationFrame||((Ot=R.requestAnimationFrame)||Bn)(jn)),e.__H.__.forEach(function(n){n.u&&(n.__H=n.u),n.u=void 0})),et=P=null},R.__c=function(t,e){e.some(function(n){try{n.__h.forEach(ye),n.__h=n.__h.filter(function(r){return!r.__||tt(r)})}catch(r){e.some(function(s){s.__h&&(s.__h=[])}),e=[],R.__e(r,n.__v)}}),Wt&&Wt(t,e)},R.unmount=function(t){Kt&&Kt(t);var e,n=t.__c;n&&n.__H&&(n.__H.__.forEach(function(r){try{ye(r)}catch(s){e=s}}),n.__H=void 0,e&&R.__e(e,n.__v))};var Nt=typeof requestAnimationFrame=="function";function Bn(t){var e,n=function(){clearTimeout(r),Nt&&cancelAnimationFrame(e),setTimeout(t)},r=setTimeout(n,35);Nt&&(e=requestAnimationFrame(n))}function ye(t){var e=P,n=t.__c;typeof n=="function"&&(t.__c=void 0,n()),P=e}function tt(t){var e=P;t.__c=t.__(),P=e}function jt(t,e){return!t||t.length!==e.length||e.some(function(n,r){return n!==t[r]})}function Bt(t,e){return typeof e=="function"?e(t):e}var Y=class{constructor(e){this.responsePromise=e}responsePromise;parsed;withResponse(){return this.responsePromise}body(){return this.parsed??=this.responsePromise.then(e=>e.data),this.parsed}then(e,n){return this.body().then(e,n)}catch(e){return this.body().catch(e)}finally(e){return this.body().finally(e)}};var v=class{constructor(e){this._client=e}_client};var A=class extends Error{name="ClientError"},x=class t extends A{name="APIError";status;code;param;requestId;headers;body;constructor(e,n,r,s,o){let i=Vn(n),a=i.requestId??(o?s?.get(o)??null:null);super(t.describe(e,i.code,i.message??r,a)),this.status=e,this.code=i.code,this.param=i.param,this.requestId=a,this.headers=s,this.body=n}static describe(e,n,r,s){let o=[e,n].filter(a=>a!=null).join(" "),i=r??(e?"request failed":"no response");return`${o?`${o}: `:""}${i}${s?` (request_id ${s})`:""}`}static generate(e,n,r,s){let o=i=>new i(e,n,void 0,r,s);return e===400?o(be):e===401?o(ve):e===403?o($e):e===404?o(ke):e===409?o(we):e===422?o(Pe):e===429?o(Re):e>=500?o(xe):o(t)}},be=class extends x{name="BadRequestError"},ve=class extends x{name="AuthenticationError"},$e=class extends x{name="PermissionDeniedError"},ke=class extends x{name="NotFoundError"},we=class extends x{name="ConflictError"},Pe=class extends x{name="UnprocessableEntityError"},Re=class extends x{name="RateLimitError";retryAfter;constructor(e,n,r,s,o){super(e,n,r,s,o);let i=ot(s.get("retry-after"));this.retryAfter=i===null?null:Math.ceil(i/1e3)}},xe=class extends x{name="InternalServerError"},X=class extends x{name="APIConnectionError";constructor(e="Connection error.",n){super(void 0,void 0,e,void 0),n?.cause!==void 0&&(this.cause=n.cause)}},re=class extends X{name="APIConnectionTimeoutError";constructor(e){super(`Request timed out after ${e} ms.`)}},D=class extends x{name="APIUserAbortError";constructor(){super(void 0,void 0,"Request was aborted.",void 0)}};function Vn(t){let e=t&&typeof t=="object"?t:{},n=e.error&&typeof e.error=="object"?e.error:e,r=s=>typeof s=="string"&&s?s:null;return{code:r(n.code)??r(n.type),message:r(n.message)??r(e.message)??void 0,param:r(n.param),requestId:r(n.request_id)??r(e.request_id)}}function ot(t,e=Date.now()){if(t==null||t.trim()==="")return null;if(/^\d+$/.test(t.trim()))return Number(t.trim())*1e3;let n=Date.parse(t);return Number.isNaN(n)?null:Math.max(0,n-e)}function st(t,e){return e.find(n=>t.startsWith(n.prefix))}function Gn(){let t=globalThis;return typeof t.window<"u"&&typeof t.document<"u"}var rt=class extends A{name="SecretKeyInBrowserError";constructor(e){super(`Refusing to use a secret key (${e}\u2026) in a browser: anyone who opens the page could copy it. Use a publishable (pk_) key in client-side code and keep secret keys on your server.`)}};function Vt(t,e,n=Gn()){let r=st(t,e);if((r?r.type==="secret":/(^|_)sk_/.test(t))&&n)throw new rt(r?.prefix??t.slice(0,t.indexOf("sk_")+3))}var Ee=class{constructor(e,n,r,s){this.spec=e;this.params=n;this.fetchPage=r;this.body=s&&typeof s=="object"?s:{};let o=this.body[e.dataField];this.data=Array.isArray(o)?o:[],this.hasMore=this.body[e.hasMoreField]===!0,this.nextCursor=Gt(this.body[e.nextCursorField]),this.previousCursor=e.previousCursorField?Gt(this.body[e.previousCursorField]):null,this.direction=e.backwardParam&&n[e.backwardParam]!==void 0?"backward":"forward"}spec;params;fetchPage;data;hasMore;nextCursor;previousCursor;direction;body;hasNextPage(){return this.direction==="forward"?this.hasMore&&this.nextCursor!==null:this.hasPreviousPage()}hasPreviousPage(){return!this.spec.backwardParam||this.previousCursor===null?!1:this.direction==="backward"?this.hasMore:!0}async getNextPage(){if(this.direction==="backward")return this.getPreviousPage();if(!this.nextCursor)throw new Error("No next page: this is the last one (has_more is false).");return(await this.fetchPage(this.neighbourParams(this.spec.forwardParam,this.nextCursor))).data}async getPreviousPage(){if(!this.spec.backwardParam)throw new Error("This list cannot be paged backward.");if(!this.previousCursor)throw new Error("No previous page: this is the first one.");return(await this.fetchPage(this.neighbourParams(this.spec.backwardParam,this.previousCursor))).data}neighbourParams(e,n){let r={...this.params,[e]:n};for(let s of[this.spec.forwardParam,this.spec.backwardParam])s&&s!==e&&delete r[s];return r}async*iterPages(){let e=this;for(yield e;e.hasNextPage();)e=await e.getNextPage(),yield e}async*[Symbol.asyncIterator](){for await(let e of this.iterPages())yield*e.data}},Se=class extends Y{async*[Symbol.asyncIterator](){yield*await this}};function Gt(t){return typeof t=="string"&&t!==""?t:null}function Yt(t,e){return t.retryableStatuses.includes(e)}function it(t,e,n=Math.random){let r=Math.min(t.maxDelayMs,t.initialDelayMs*t.backoffMultiplier**e);return t.jitter==="full"?Math.round(n()*r):t.jitter==="equal"?Math.round(r/2+n()*r/2):r}var Xn=6e4,se=class{apiKey;baseURL;maxRetries;timeout;environment;csrfToken;#t;#o;#r;#e;#n=Math.random;constructor(e,n={}){this.#e=e;let r=Jn();if(this.apiKey=n.apiKey??r[e.apiKeyEnv]??void 0,this.apiKey!==void 0&&Vt(this.apiKey,e.keyPrefixes),e.auth.kind!=="none"&&e.auth.kind!=="cookie"&&!this.apiKey)throw new A(`No API key: pass { apiKey } or set the ${e.apiKeyEnv} environment variable.`);this.baseURL=(n.baseURL??r[e.baseUrlEnv]??e.defaultBaseURL).replace(/\/+$/,""),this.maxRetries=n.maxRetries??e.retryPolicy.maxRetries,this.timeout=n.timeout??Xn;let s=typeof fetch=="function"?fetch:void 0,o=n.fetch??s;if(!o)throw new A("No fetch implementation: pass { fetch } on this runtime.");this.#o=(i,a)=>o(i,a),this.#r=n.defaultHeaders??{},this.environment=this.apiKey?st(this.apiKey,e.keyPrefixes)?.environment??null:null,this.csrfToken=n.csrfToken,this.#t=n.credentials??(e.auth.kind==="cookie"?"same-origin":void 0)}_setRandom(e){return this.#n=e,this}request(e,n,r,s={}){return new Y(this.#s(e,n,Xt(r),s))}requestPage(e,n,r,s={}){let o=e.pagination;if(!o)throw new A(`${e.method.toUpperCase()} ${e.path} is not a paged list.`);let i=async a=>{let d=await this.#s(e,n,a,s);return{...d,data:new Ee(o,a,i,d.data)}};return new Se(i({...Xt(r)}))}async#s(e,n,r,s){let o=this.#l(e,n,r),i=this.#d(e,r,s),a=this.#c(e,r,i),d=s.maxRetries??this.maxRetries,c=s.timeout??this.timeout,u=this.#e.retryPolicy;for(let l=0;;l+=1){let m=d-l,f;try{f=await this.#a(o,{method:e.method.toUpperCase(),headers:i,body:a},c,s.signal)}catch(w){if(w instanceof D)throw w;if(m>0&&u.retryOnConnectionError){await Jt(it(u,l,this.#n),s.signal);continue}throw w}if(f.ok)return{...this.#u(f),data:await zt(f)};let k=this.#i(f,l,m);if(k!==null){await f.body?.cancel().catch(()=>{}),await Jt(k,s.signal);continue}let C=await zt(f).catch(()=>{});throw x.generate(f.status,C,f.headers,this.#e.requestIdHeader)}}#i(e,n,r){let s=this.#e.retryPolicy;if(r<=0||!Yt(s,e.status))return null;let o=s.respectRetryAfter?ot(e.headers.get("retry-after")):null;return o!==null?o<=6e4?o:null:it(s,n,this.#n)}async#a(e,n,r,s){if(s?.aborted)throw new D;let o=new AbortController,i=!1,a=setTimeout(()=>{i=!0,o.abort()},r),d=()=>o.abort();s?.addEventListener("abort",d,{once:!0});try{return await this.#o(e,{...n,...this.#t?{credentials:this.#t}:{},signal:o.signal})}catch(c){throw s?.aborted?new D:i?new re(r):new X(`Connection error: ${c?.message??String(c)}`,{cause:c})}finally{clearTimeout(a),s?.removeEventListener("abort",d)}}#l(e,n,r){let s=0,o=e.path.replace(/\{([^}]+)\}/g,(d,c)=>{let u=n[s++];if(u==null||u==="")throw new A(`Missing path parameter "${c}" for ${e.method.toUpperCase()} ${e.path}.`);return encodeURIComponent(String(u))}),i=new URLSearchParams;for(let d of e.query)at(i,d,r[d]);this.#e.auth.kind==="query"&&this.apiKey&&i.set(this.#e.auth.name,this.apiKey);let a=i.toString();return`${this.baseURL}${o}${a?`?${a}`:""}`}#d(e,n,r){let s={accept:"application/json","user-agent":this.#e.userAgent,...this.#r};this.apiKey&&this.#e.auth.kind==="bearer"&&(s.authorization=`Bearer ${this.apiKey}`),this.apiKey&&this.#e.auth.kind==="header"&&(s[this.#e.auth.name.toLowerCase()]=this.apiKey),this.#e.auth.kind==="cookie"&&(this.apiKey&&(s.cookie=`${this.#e.auth.name}=${this.apiKey}`),this.#e.auth.csrfHeader&&this.csrfToken&&(s[this.#e.auth.csrfHeader.toLowerCase()]=this.csrfToken)),this.#e.specDigest&&(s[this.#e.specDigest.header.toLowerCase()]=this.#e.specDigest.value);for(let o of e.headers){let i=n[o];i!=null&&(s[o.toLowerCase()]=String(i))}e.idempotencyHeader&&(s[e.idempotencyHeader.toLowerCase()]=r.idempotencyKey??zn());for(let[o,i]of Object.entries(r.headers??{}))s[o.toLowerCase()]=i;return s}#c(e,n,r){if(e.body==="none")return;let s;if(e.body==="property")s=n.body;else{let i=new Set([...e.query,...e.headers]),a=Object.fromEntries(Object.entries(n).filter(([d])=>!i.has(d)));s=Object.keys(a).length>0||e.bodyRequired?a:void 0}if(s===void 0)return;let o=e.bodyContentType??"application/json";return r["content-type"]=o,/json/.test(o)?JSON.stringify(s):s}#u(e){let n=s=>{let o=s?e.headers.get(s):null;return o!==null&&o!==""&&Number.isFinite(Number(o))?Number(o):null},r={limit:n(this.#e.rateLimitHeaders?.limit),remaining:n(this.#e.rateLimitHeaders?.remaining)};return{response:e,status:e.status,headers:e.headers,requestId:this.#e.requestIdHeader?e.headers.get(this.#e.requestIdHeader):null,rateLimit:r}}};function Xt(t){return t&&typeof t=="object"&&!Array.isArray(t)?t:{}}function at(t,e,n){if(n!=null)if(Array.isArray(n))n.forEach(r=>at(t,e,r));else if(typeof n=="object")for(let[r,s]of Object.entries(n))at(t,`${e}[${r}]`,s);else t.append(e,String(n))}async function zt(t){if(t.status===204||t.status===205)return;let e=await t.text();if(e==="")return;let n=t.headers.get("content-type")??"";if(/json/i.test(n))try{return JSON.parse(e)}catch{throw new x(t.status,e,`Response claimed ${n} but was not JSON.`,t.headers)}return e}function zn(){let t=globalThis.crypto;return t?.randomUUID?t.randomUUID():`${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`}function Jt(t,e){return new Promise((n,r)=>{if(e?.aborted)return r(new D);let s=setTimeout(()=>{e?.removeEventListener("abort",o),n()},t),o=()=>{clearTimeout(s),r(new D)};e?.addEventListener("abort",o,{once:!0})})}function Jn(){let t=globalThis;if(t.process?.env)return t.process.env;try{return t.Deno?.env?.toObject?.()??{}}catch{return{}}}var Qt={method:"post",path:"/signup",pathParams:[],query:[],headers:[],body:"merged",bodyContentType:"application/json",bodyRequired:!0},Zt={method:"get",path:"/session",pathParams:[],query:[],headers:[],body:"none"},en={method:"post",path:"/session",pathParams:[],query:[],headers:[],body:"merged",bodyContentType:"application/json",bodyRequired:!0},tn={method:"delete",path:"/session",pathParams:[],query:[],headers:[],body:"none"},nn={method:"delete",path:"/sessions",pathParams:[],query:[],headers:[],body:"none"},on={method:"post",path:"/email-verification",pathParams:[],query:[],headers:[],body:"merged",bodyContentType:"application/json",bodyRequired:!0},rn={method:"post",path:"/password-resets",pathParams:[],query:[],headers:[],body:"merged",bodyContentType:"application/json",bodyRequired:!0},sn={method:"post",path:"/password-resets/confirm",pathParams:[],query:[],headers:[],body:"merged",bodyContentType:"application/json",bodyRequired:!0},an={method:"get",path:"/scopes",pathParams:[],query:[],headers:[],body:"none"},ln={method:"get",path:"/keys",pathParams:[],query:["environment"],headers:[],body:"none"},dn={method:"post",path:"/keys",pathParams:[],query:[],headers:[],body:"merged",bodyContentType:"application/json",bodyRequired:!0},cn={method:"post",path:"/keys/{key_id}/rotate",pathParams:["key_id"],query:[],headers:[],body:"none"},un={method:"post",path:"/keys/{key_id}/revoke",pathParams:["key_id"],query:[],headers:[],body:"none"},pn={method:"get",path:"/billing",pathParams:[],query:[],headers:[],body:"none"},mn={method:"put",path:"/billing/plan",pathParams:[],query:[],headers:[],body:"merged",bodyContentType:"application/json",bodyRequired:!0},hn={method:"get",path:"/webhook-endpoints",pathParams:[],query:["environment"],headers:[],body:"none"},fn={method:"post",path:"/webhook-endpoints",pathParams:[],query:[],headers:[],body:"merged",bodyContentType:"application/json",bodyRequired:!0},_n={method:"delete",path:"/webhook-endpoints/{endpoint_id}",pathParams:["endpoint_id"],query:[],headers:[],body:"none"},yn={method:"post",path:"/webhook-endpoints/{endpoint_id}/rotate-secret",pathParams:["endpoint_id"],query:[],headers:[],body:"none"},gn={method:"post",path:"/webhook-endpoints/{endpoint_id}/disable",pathParams:["endpoint_id"],query:[],headers:[],body:"none"},bn={method:"post",path:"/webhook-endpoints/{endpoint_id}/enable",pathParams:["endpoint_id"],query:[],headers:[],body:"none"},vn={method:"get",path:"/webhook-endpoints/{endpoint_id}/deliveries",pathParams:["endpoint_id"],query:[],headers:[],body:"none"},$n={method:"post",path:"/webhook-endpoints/{endpoint_id}/test-events",pathParams:["endpoint_id"],query:[],headers:[],body:"merged",bodyContentType:"application/json",bodyRequired:!0},kn={method:"post",path:"/webhook-events/{event_id}/resend",pathParams:["event_id"],query:[],headers:[],body:"none"};var Ce=class extends v{create(e,n){return this._client.request(Qt,[],e,n)}};var qe=class extends v{retrieve(e){return this._client.request(Zt,[],void 0,e)}create(e,n){return this._client.request(en,[],e,n)}delete(e){return this._client.request(tn,[],void 0,e)}};var Te=class extends v{delete(e){return this._client.request(nn,[],void 0,e)}};var Ae=class extends v{create(e,n){return this._client.request(on,[],e,n)}};var Me=class extends v{confirm=new lt(this._client);create(e,n){return this._client.request(rn,[],e,n)}},lt=class extends v{create(e,n){return this._client.request(sn,[],e,n)}};var Ie=class extends v{retrieve(e){return this._client.request(an,[],void 0,e)}};var Oe=class extends v{retrieve(e,n){return this._client.request(ln,[],e,n)}create(e,n){return this._client.request(dn,[],e,n)}rotate(e,n){return this._client.request(cn,[e],void 0,n)}revoke(e,n){return this._client.request(un,[e],void 0,n)}};var De=class extends v{plan=new dt(this._client);retrieve(e){return this._client.request(pn,[],void 0,e)}},dt=class extends v{update(e,n){return this._client.request(mn,[],e,n)}};var Le=class extends v{deliveries=new ct(this._client);list(e,n){return this._client.request(hn,[],e,n)}create(e,n){return this._client.request(fn,[],e,n)}delete(e,n){return this._client.request(_n,[e],void 0,n)}rotateSecret(e,n){return this._client.request(yn,[e],void 0,n)}disable(e,n){return this._client.request(gn,[e],void 0,n)}enable(e,n){return this._client.request(bn,[e],void 0,n)}testEvents(e,n,r){return this._client.request($n,[e],n,r)}},ct=class extends v{retrieve(e,n){return this._client.request(vn,[e],void 0,n)}};var Ue=class extends v{resend(e,n){return this._client.request(kn,[e],void 0,n)}};var Qn={apiKeyEnv:"ASSESSMENT_SERVICE_DASHBOARD_API_KEY",baseUrlEnv:"ASSESSMENT_SERVICE_DASHBOARD_BASE_URL",defaultBaseURL:"/dashboard/api",retryPolicy:{maxRetries:0,initialDelayMs:500,maxDelayMs:8e3,backoffMultiplier:2,jitter:"full",respectRetryAfter:!0,retryOnConnectionError:!1,retryableStatuses:[]},keyPrefixes:[],auth:{kind:"cookie",name:"dashboard_session",csrfHeader:"X-CSRF-Token"},requestIdHeader:"X-Request-Id",rateLimitHeaders:{limit:"X-RateLimit-Limit",remaining:"X-RateLimit-Remaining"},specDigest:{header:"X-Spec-Digest",value:"sha256:1520ec9de2dd95a24691a986e0243a93cfb5fb89b31f577fa2d01734064a7834"},userAgent:"assessment-service-dashboard-client/1.0.0"},z=class extends se{signup=new Ce(this);session=new qe(this);sessions=new Te(this);emailVerification=new Ae(this);passwordResets=new Me(this);scopes=new Ie(this);keys=new Oe(this);billing=new De(this);webhookEndpoints=new Le(this);webhookEvents=new Ue(this);constructor(e={}){super(Qn,e)}};var $=new z({baseURL:"/dashboard/api"}),ut=t=>($.csrfToken=t.csrf_token,t);function F(t){if(t instanceof x){let e=t.code?t.body?.message??t.message:t.message,n=t.status===429?t.headers?.get("retry-after"):null;return n?`${e} Try again in ${n} seconds.`:e}return t?.message??String(t)}var We=t=>t instanceof x&&t.status===401,_={signUp:async(t,e)=>ut(await $.signup.create({email:t,password:e})),signIn:async(t,e)=>ut(await $.session.create({email:t,password:e})),session:async()=>ut(await $.session.retrieve()),signOut:()=>$.session.delete(),signOutEverywhere:()=>$.sessions.delete(),verifyEmail:t=>$.emailVerification.create({token:t}),requestPasswordReset:t=>$.passwordResets.create({email:t}),resetPassword:(t,e)=>$.passwordResets.confirm.create({token:t,password:e}),scopes:async()=>(await $.scopes.retrieve()).data,keys:async t=>(await $.keys.retrieve({environment:t})).data,createKey:t=>$.keys.create(t),rotateKey:t=>$.keys.rotate(t),revokeKey:t=>$.keys.revoke(t),billing:()=>$.billing.retrieve(),changePlan:t=>$.billing.plan.update({tier:t}),endpoints:async t=>(await $.webhookEndpoints.list({environment:t})).data,createEndpoint:t=>$.webhookEndpoints.create(t),rotateEndpointSecret:t=>$.webhookEndpoints.rotateSecret(t),disableEndpoint:t=>$.webhookEndpoints.disable(t),enableEndpoint:t=>$.webhookEndpoints.enable(t),removeEndpoint:t=>$.webhookEndpoints.delete(t),deliveries:async t=>(await $.webhookEndpoints.deliveries.retrieve(t)).data,resendEvent:t=>$.webhookEvents.resend(t),sendTestEvent:(t,e)=>$.webhookEndpoints.testEvents(t,{type:e}),eventTypes:async()=>{let t=await fetch("/openapi.json",{headers:{accept:"application/json"}});if(!t.ok)throw new Error("Could not load the list of event types.");let e=await t.json();return Object.keys(e.webhooks??{})}};var pt={keys:"API keys",billing:"Billing",webhooks:"Webhooks"},W=(t,e)=>`${t}-${e.replace(/[^A-Za-z0-9_-]/g,"-")}`,L=t=>t==="test"?"Test mode":"Live mode";function j({iso:t,empty:e="Never"}){return t?p`<time datetime=${t}>${t.slice(0,16).replace("T"," ")}</time>`:p`<span class="muted">${e}</span>`}function E({error:t,message:e}){return p`
    <p class="notice error" role="alert" hidden=${!t}>${t??""}</p>
    <p class="notice" role="status" hidden=${!e}>${e??""}</p>
  `}function wn({page:t,environment:e,session:n,children:r}){let s=e==="test"?"live":"test",[o,i]=g(null),a=async d=>{try{await(d?_.signOutEverywhere():_.signOut()),location.assign("/dashboard/signin")}catch(c){i(F(c))}};return p`
    <a class="skip-link" href="#main">Skip to content</a>
    <header class=${`top mode-${e}`}>
      <div class="brand">Assessment Service</div>
      <nav aria-label="Dashboard">
        <ul>
          ${Object.entries(pt).map(([d,c])=>p`<li><a href=${`/dashboard/${e}/${d}`} aria-current=${d===t?"page":void 0}>${c}</a></li>`)}
        </ul>
      </nav>
      <button type="button" class="mode-switch" role="switch" aria-checked=${e==="test"} onClick=${()=>location.assign(`/dashboard/${s}/${t}`)}>
        <span class="switch-track" aria-hidden="true"><span class="switch-thumb"></span></span>
        Test mode
      </button>
      <div class="account">
        <span class="email">${n.user.email}</span>
        <button type="button" class="link" onClick=${()=>a(!1)}>Sign out</button>
        <button type="button" class="link" onClick=${()=>a(!0)}>Sign out everywhere</button>
      </div>
    </header>
    ${e==="test"?p`<p class="mode-banner" data-mode="test"><strong>Test mode</strong>: you are managing test data and <code>test_</code> keys. Nothing here touches live traffic or billing.</p>`:p`<p class="mode-banner live" data-mode="live"><strong>Live mode</strong>: you are managing live data and <code>live_</code> keys.</p>`}
    <main id="main" tabindex="-1">
      <${E} error=${o} />
      ${e==="live"&&!n.user.email_verified?p`<p class="warning">Live keys need a verified e-mail address: open the link in the mail sent to ${n.user.email}.</p>`:null}
      ${r}
    </main>
  `}function Ke({open:t,title:e,onClose:n,children:r}){let s=oe(null),o=oe(null),i=oe(`dialog-${Math.random().toString(36).slice(2)}`).current;return T(()=>{let d=s.current;d&&(t&&!d.open?(o.current=document.activeElement,d.showModal()):!t&&d.open&&d.close())},[t]),T(()=>{t&&s.current?.querySelector("[autofocus], input:not([disabled]), select, textarea, button:not([disabled])")?.focus()},[t,e]),p`
    <dialog ref=${s} aria-labelledby=${i} onClose=${()=>{n();let d=o.current;o.current=null,d&&d.isConnected?d.focus():document.getElementById("main")?.focus()}}>
      ${t?p`<h2 id=${i}>${e}</h2>${r}`:null}
    </dialog>
  `}function He({label:t,secret:e}){let[n,r]=g(""),s=oe(null),o=async()=>{try{await navigator.clipboard.writeText(e),r("Copied to the clipboard.")}catch{s.current?.select(),r("Selected: press Ctrl+C (or Cmd+C) to copy.")}};return p`
    <p class="warning">This is the only time the ${t.toLowerCase()} is shown. Copy it and store it somewhere safe now; you cannot see it again.</p>
    <div class="secret">
      <label for="once-only-secret">${t}</label>
      <input id="once-only-secret" ref=${s} class="secret-value" readonly value=${e} spellcheck="false" autocomplete="off" autofocus />
      <button type="button" onClick=${o}>Copy</button>
    </div>
    <p role="status" class="muted">${n}</p>
  `}function S(){let[t,e]=g(!1),[n,r]=g(null);return{busy:t,error:n,setError:r,run:async o=>{e(!0),r(null);try{await o()}catch(i){We(i)&&document.body.dataset.environment&&location.assign(`/dashboard/signin?next=${encodeURIComponent(location.pathname)}`),r(F(i))}finally{e(!1)}}}}function Zn(t=location.search){let e=new URLSearchParams(t).get("next")??"";return/^\/dashboard\/(test|live)\/(keys|billing|webhooks)$/.test(e)?e:"/dashboard/test/keys"}function Pn(){let t=location.hash.slice(1);return new URLSearchParams(t).get("token")??(/^[A-Za-z0-9_-]+$/.test(t)?t:"")}function Ne({title:t,children:e}){return p`
    <main id="main" class="auth" tabindex="-1">
      <p class="brand">Assessment Service</p>
      <h1>${t}</h1>
      ${e}
    </main>
  `}function Rn({mode:t}){let e=S(),n=s=>{s.preventDefault();let o=new FormData(s.currentTarget),i=String(o.get("email")??"").trim(),a=String(o.get("password")??"");e.run(async()=>{t==="signup"?await _.signUp(i,a):await _.signIn(i,a),location.assign(Zn())})},r=t==="signup";return p`
    <form onSubmit=${n} class="card">
      <${E} error=${e.error} />
      <div class="field">
        <label for="email">E-mail</label>
        <input id="email" name="email" type="email" required autocomplete="email" autofocus />
      </div>
      <div class="field">
        <label for="password">Password</label>
        <input id="password" name="password" type="password" required minlength=${r?12:void 0} maxlength="256" autocomplete=${r?"new-password":"current-password"} aria-describedby=${r?"password-hint":void 0} />
        ${r?p`<p id="password-hint" class="hint">At least 12 characters.</p>`:null}
      </div>
      <button type="submit" class="primary" disabled=${e.busy}>${r?"Create account":"Sign in"}</button>
    </form>
    ${r?p`<p>Already have an account? <a href="/dashboard/signin">Sign in</a></p>`:p`<p>New here? <a href="/dashboard/signup">Create an account</a> · <a href="/dashboard/reset-password">Forgot your password?</a></p>`}
  `}var xn=()=>p`<${Ne} title="Sign in to the dashboard"><${Rn} mode="signin" /><//>`,En=()=>p`<${Ne} title="Create your account"><p>Test keys work at once; live keys need a verified e-mail address.</p><${Rn} mode="signup" /><//>`;function Sn(){let[t,e]=g("working"),[n,r]=g(null);return T(()=>{let s=Pn();if(!s){e("failed"),r("This link has no verification token. Open the link from the mail again.");return}_.verifyEmail(s).then(()=>e("done"),o=>{e("failed"),r(F(o))})},[]),p`
    <${Ne} title="Verify your e-mail">
      ${t==="working"?p`<p aria-busy="true">Verifying…</p>`:null}
      ${t==="done"?p`<p role="status">Your e-mail address is verified. You can now create live keys.</p><p><a href="/dashboard/live/keys">Go to live keys</a></p>`:null}
      <${E} error=${n} />
    <//>
  `}function Cn(){let t=Pn(),e=S(),[n,r]=g(null),s=o=>{o.preventDefault();let i=new FormData(o.currentTarget);e.run(async()=>{t?(await _.resetPassword(t,String(i.get("password")??"")),r("Your password is changed, and every other session is signed out. Sign in with the new password.")):(await _.requestPasswordReset(String(i.get("email")??"").trim()),r("If an account has that address, a reset link is on its way."))})};return p`
    <${Ne} title=${t?"Choose a new password":"Reset your password"}>
      <${E} error=${e.error} message=${n} />
      ${n?p`<p><a href="/dashboard/signin">Sign in</a></p>`:p`<form onSubmit=${s} class="card">
            ${t?p`<div class="field"><label for="password">New password</label><input id="password" name="password" type="password" required minlength="12" maxlength="256" autocomplete="new-password" autofocus /></div>`:p`<div class="field"><label for="email">E-mail</label><input id="email" name="email" type="email" required autocomplete="email" autofocus /></div>`}
            <button type="submit" class="primary" disabled=${e.busy}>${t?"Change password":"Send reset link"}</button>
          </form>`}
    <//>
  `}var Fe=t=>t.toLocaleString("en-US");function eo(t){let e=t.monthly_cents===0?"Free":`${je(t.monthly_cents,t.currency)} a month`,n=t.included_live_requests>0?`, ${Fe(t.included_live_requests)} live requests included`:"",r=t.per_thousand_live_requests_cents>0?`, then ${je(t.per_thousand_live_requests_cents,t.currency)} per 1,000`:"";return`${e}${n}${r}`}var je=(t,e)=>new Intl.NumberFormat("en-US",{style:"currency",currency:e.toUpperCase()}).format(t/100);function qn({environment:t}){let[e,n]=g(null),[r,s]=g(null),o=S(),i=S();if(T(()=>{o.run(async()=>n(await _.billing()))},[]),!e)return p`<h1>Billing <span class=${`mode-badge mode-${t}`}>${L(t)}</span></h1>
      <${E} error=${o.error} />
      ${o.error?null:p`<p aria-busy="true">Loading billing…</p>`}`;let a=e.daily.filter(u=>u.live_requests>0),d=e.tiers.findIndex(u=>u.tier===e.tier),c=u=>i.run(async()=>{let l=await _.changePlan(u.tier);n(l),s(`Your account is now on tier ${l.tier} (${l.plan}). New rate limits apply to the next request.`)});return p`
    <h1>Billing <span class=${`mode-badge mode-${t}`}>${L(t)}</span></h1>
    <p class="lead">Billing is for the whole account. Only live requests are metered; test-mode traffic is free.</p>
    <${E} error=${i.error??o.error} message=${r} />
    <section aria-labelledby="plan-heading">
      <h2 id="plan-heading">Your plan</h2>
      <p class="current-tier">Current tier: <strong data-testid="current-tier">Tier ${e.tier} (${e.plan})</strong>. Changes take effect on the next API request.</p>
      <div class="table-wrap">
        <table class="tiers">
          <caption class="visually-hidden">Tiers and their rate limits</caption>
          <thead><tr><th scope="col">Tier</th><th scope="col">Plan</th><th scope="col">Per key</th><th scope="col">Per account</th><th scope="col">Price</th><th scope="col"><span class="visually-hidden">Change</span></th></tr></thead>
          <tbody>
            ${e.tiers.map((u,l)=>{let m=u.tier===e.tier,f=l>d?"Upgrade":"Downgrade";return p`
                <tr key=${u.tier} aria-current=${m?"true":void 0} class=${m?"current":""}>
                  <th scope="row">Tier ${u.tier}</th>
                  <td>${u.plan}</td>
                  <td class="number">${Fe(u.per_key)} / min</td>
                  <td class="number">${Fe(u.per_account)} / min</td>
                  <td>${eo(u.price)}</td>
                  <td>${m?p`<span class="muted">Current</span>`:p`<button type="button" disabled=${i.busy} onClick=${()=>c(u)}>${f} to ${u.plan}</button>`}</td>
                </tr>
              `})}
          </tbody>
        </table>
      </div>
    </section>
    <section aria-labelledby="usage-heading">
      <h2 id="usage-heading">Usage in ${e.month}</h2>
      <p>Metered live requests this month: <strong data-testid="live-requests">${e.live_requests.toLocaleString("en-US")}</strong>. Estimated invoice: <strong data-testid="estimate-total">${je(e.estimate.total_cents,e.estimate.currency)}</strong>.</p>
      ${e.estimate.lines.length?p`<table class="estimate">
            <caption>Estimate for ${e.month}</caption>
            <thead><tr><th scope="col">Line</th><th scope="col" class="number">Quantity</th><th scope="col" class="number">Amount</th></tr></thead>
            <tbody>
              ${e.estimate.lines.map(u=>p`<tr><td>${u.description}</td><td class="number">${Fe(u.quantity)}</td><td class="number">${je(u.amount_cents,e.estimate.currency)}</td></tr>`)}
            </tbody>
          </table>`:null}
      <div class="usage">
        <${oo} daily=${e.daily} month=${e.month} />
        <table class="daily">
          <caption>Live requests per day (days with traffic)</caption>
          <thead><tr><th scope="col">Date</th><th scope="col" class="number">Live requests</th></tr></thead>
          <tbody>
            ${a.length===0?p`<tr><td colspan="2" class="empty">No live requests yet this month.</td></tr>`:null}
            ${a.map(u=>p`<tr><td><time datetime=${u.date}>${u.date}</time></td><td class="number">${u.live_requests.toLocaleString("en-US")}</td></tr>`)}
          </tbody>
        </table>
      </div>
    </section>
  `}var mt=620,K=160,B=44,to=t=>t>=1e4?`${Math.round(t/1e3)}k`:String(t);function no(t,e){let[n,r]=t.split("-").map(Number),s=new Date(Date.UTC(n,r,0)).getUTCDate(),o=new Map(e.map(i=>[i.date,i.live_requests]));return Array.from({length:s},(i,a)=>{let d=`${t}-${String(a+1).padStart(2,"0")}`;return{date:d,live_requests:o.get(d)??0}})}function oo({daily:t,month:e}){let n=no(e,t),r=Math.max(1,...n.map(a=>a.live_requests)),s=(mt-B)/n.length,o=s*.7,i=n.reduce((a,d)=>a+d.live_requests,0);return p`
    <figure class="chart">
      <svg viewBox=${`0 0 ${mt} ${K+22}`} role="img" aria-labelledby="usage-chart-title usage-chart-desc" class="usage-chart">
        <title id="usage-chart-title">Live requests per day in ${e}</title>
        <desc id="usage-chart-desc">${i} live requests in ${e}, at most ${r} in a day. The table beside the chart lists every day with traffic.</desc>
        <line x1=${B} y1=${K} x2=${mt} y2=${K} class="axis" />
        <line x1=${B} y1="4" x2=${B} y2=${K} class="axis" />
        <text x=${B-6} y="14" text-anchor="end" class="tick">${to(r)}</text>
        <text x=${B-6} y=${K} text-anchor="end" class="tick">0</text>
        ${n.map((a,d)=>{let c=a.live_requests/r*(K-10),u=B+d*s+(s-o)/2,l=d===0||(d+1)%5===0;return p`
            ${a.live_requests>0?p`<rect x=${u} y=${K-c} width=${o} height=${c} class="bar"><title>${a.date}: ${a.live_requests}</title></rect>`:null}
            ${l?p`<text x=${u+o/2} y=${K+16} text-anchor="middle" class="tick">${d+1}</text>`:null}
          `})}
      </svg>
      <figcaption>Live requests per day of ${e} (UTC).</figcaption>
    </figure>
  `}var U=t=>t.name??"Unnamed key";function Tn({environment:t}){let[e,n]=g(null),[r,s]=g([]),[o,i]=g(null),[a,d]=g(null),c=S(),u=()=>c.run(async()=>n(await _.keys(t)));T(()=>{c.run(async()=>{let[m,f]=await Promise.all([_.keys(t),_.scopes()]);n(m),s(f)})},[t]);let l=o?.kind==="create"?`Create a ${t} key`:o?.kind==="secret"?o.title:o?.kind==="rotate"?`Rotate ${U(o.key)}?`:o?.kind==="revoke"?`Revoke ${U(o.key)}?`:"";return p`
    <div class="page-heading">
      <h1>API keys <span class=${`mode-badge mode-${t}`}>${L(t)}</span></h1>
      <button type="button" class="primary" onClick=${()=>i({kind:"create"})}>Create key</button>
    </div>
    <p class="lead">Keys for the ${t} environment. Secret keys (<code>${t}_sk_</code>) belong on your server; publishable keys (<code>${t}_pk_</code>) may ship in a browser.</p>
    <${E} error=${c.error} message=${a} />
    ${e===null?p`<p aria-busy="true">Loading keys…</p>`:p`
          <div class="table-wrap">
            <table class="keys">
              <caption class="visually-hidden">${L(t)} API keys</caption>
              <thead>
                <tr><th scope="col">Name</th><th scope="col">Type</th><th scope="col">Environment</th><th scope="col">Key</th><th scope="col">Scopes</th><th scope="col">Created (UTC)</th><th scope="col">Last used (UTC)</th><th scope="col">Status</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr>
              </thead>
              <tbody>
                ${e.length===0?p`<tr><td colspan="9" class="empty">No ${t} keys yet. Create one to call the API.</td></tr>`:null}
                ${e.map(m=>p`
                    <tr key=${m.id} data-key-id=${m.id}>
                      <th scope="row" class="name">${U(m)}</th>
                      <td>${m.type==="sk"?"Secret":"Publishable"}</td>
                      <td>${m.environment}</td>
                      <td><code class="redacted">${m.redacted}</code></td>
                      <td>${m.scopes.map(f=>p`<code class="scope">${f}</code> `)}</td>
                      <td><${j} iso=${m.created_at} /></td>
                      <td><${j} iso=${m.last_used_at} /></td>
                      <td><span class=${`status status-${m.status}`}>${m.status==="active"?"Active":"Revoked"}</span></td>
                      <td class="actions">
                        ${m.status==="active"?p`
                              <button type="button" onClick=${()=>i({kind:"rotate",key:m})} aria-label=${`Rotate ${U(m)}`}>Rotate</button>
                              <button type="button" class="danger" onClick=${()=>i({kind:"revoke",key:m})} aria-label=${`Revoke ${U(m)}`}>Revoke</button>
                            `:null}
                      </td>
                    </tr>
                  `)}
              </tbody>
            </table>
          </div>
        `}
    <${Ke} open=${o!==null} title=${l} onClose=${()=>i(null)}>
      ${o?.kind==="create"?p`<${ro}
            environment=${t}
            scopes=${r}
            onCancel=${()=>i(null)}
            onCreated=${(m,f)=>{i({kind:"secret",title:`Your new key ${f}`,secret:m}),d(`Created the key ${f}.`),u()}}
          />`:null}
      ${o?.kind==="secret"?p`<${so} secret=${o.secret} onDone=${()=>i(null)} />`:null}
      ${o?.kind==="rotate"?p`<${ie}
            text=${`The current key ${o.key.redacted} stops working immediately, and a new key with the same name and scopes is shown once.`}
            confirm="Rotate key"
            onCancel=${()=>i(null)}
            onConfirm=${async()=>{let m=await _.rotateKey(o.key.id);i({kind:"secret",title:`The new key for ${U(m.key)}`,secret:m.secret}),d(`Rotated the key ${U(m.key)}; the old key no longer works.`),u()}}
          />`:null}
      ${o?.kind==="revoke"?p`<${ie}
            text=${`Requests with ${o.key.redacted} will be refused (401) from now on. This cannot be undone.`}
            confirm="Revoke key"
            danger=${!0}
            onCancel=${()=>i(null)}
            onConfirm=${async()=>{let m=await _.revokeKey(o.key.id);i(null),d(`Revoked the key ${U(m)}.`),u()}}
          />`:null}
    <//>
  `}function ro({environment:t,scopes:e,onCancel:n,onCreated:r}){let s=S();return p`
    <form onSubmit=${i=>{i.preventDefault();let a=new FormData(i.currentTarget),d=String(a.get("name")??"").trim(),c=a.get("type")==="pk"?"pk":"sk",u=a.getAll("scopes").map(String);if(u.length===0){s.setError("Choose at least one scope.");return}s.run(async()=>{let l=await _.createKey({name:d,type:c,environment:t,scopes:u});r(l.secret,U(l.key))})}} novalidate=${!1}>
      <${E} error=${s.error} />
      <div class="field">
        <label for="key-name">Name</label>
        <input id="key-name" name="name" required maxlength="100" autocomplete="off" aria-describedby="key-name-hint" autofocus />
        <p id="key-name-hint" class="hint">Say where it is used, e.g. "nightly import".</p>
      </div>
      <fieldset>
        <legend>Type</legend>
        <label><input type="radio" name="type" value="sk" checked /> Secret key (<code>${t}_sk_</code>): for your server</label>
        <label><input type="radio" name="type" value="pk" /> Publishable key (<code>${t}_pk_</code>): safe in a browser</label>
      </fieldset>
      <fieldset>
        <legend>Scopes</legend>
        ${e.map(i=>p`
            <div class="checkbox">
              <input type="checkbox" id=${W("scope",i.scope)} name="scopes" value=${i.scope} disabled=${!i.mintable} aria-describedby=${W("scope-about",i.scope)} />
              <label for=${W("scope",i.scope)}><code>${i.scope}</code></label>
              <span id=${W("scope-about",i.scope)} class="hint">${i.description}${i.mintable?"":" (available when the product launches)"}</span>
            </div>
          `)}
      </fieldset>
      <div class="buttons">
        <button type="button" onClick=${n}>Cancel</button>
        <button type="submit" class="primary" disabled=${s.busy}>Create key</button>
      </div>
    </form>
  `}function so({secret:t,onDone:e}){return p`
    <${He} label="API key" secret=${t} />
    <div class="buttons"><button type="button" class="primary" onClick=${e}>Done</button></div>
  `}function ie({text:t,confirm:e,danger:n=!1,onCancel:r,onConfirm:s}){let o=S();return p`
    <p>${t}</p>
    <${E} error=${o.error} />
    <div class="buttons">
      <button type="button" onClick=${r} autofocus>Cancel</button>
      <button type="button" class=${n?"danger":"primary"} disabled=${o.busy} onClick=${()=>o.run(s)}>${e}</button>
    </div>
  `}var J=t=>t.status==="enabled";function An({environment:t}){let[e,n]=g(null),[r,s]=g([]),[o,i]=g(null),[a,d]=g(null),[c,u]=g(null),l=S(),m=S(),f=()=>l.run(async()=>n(await _.endpoints(t)));T(()=>{l.run(async()=>{let[h,q]=await Promise.all([_.endpoints(t),_.eventTypes()]);n(h),s(q)})},[t]);let k=h=>m.run(async()=>{J(h)?await _.disableEndpoint(h.id):await _.enableEndpoint(h.id),u(`${J(h)?"Disabled":"Enabled"} ${h.url}.`),await f()}),C={add:`Add a ${t} endpoint`,rotate:"Rotate the signing secret?",remove:"Remove this endpoint?",test:"Send a test event"},w=o?o.kind==="secret"?o.title:C[o.kind]:"",y=e?.find(h=>h.id===a);return p`
    <div class="page-heading">
      <h1>Webhooks <span class=${`mode-badge mode-${t}`}>${L(t)}</span></h1>
      <button type="button" class="primary" onClick=${()=>i({kind:"add"})}>Add endpoint</button>
    </div>
    <p class="lead">Endpoints that receive ${t==="test"?"test-mode":"live"} events, signed with their own secret (Standard Webhooks).</p>
    <${E} error=${m.error??l.error} message=${c} />
    ${e===null?p`<p aria-busy="true">Loading endpoints…</p>`:p`
          <div class="table-wrap">
            <table class="endpoints">
              <caption class="visually-hidden">${L(t)} webhook endpoints</caption>
              <thead><tr><th scope="col">URL</th><th scope="col">Events</th><th scope="col">Status</th><th scope="col">Created (UTC)</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
              <tbody>
                ${e.length===0?p`<tr><td colspan="5" class="empty">No ${t} endpoints yet.</td></tr>`:null}
                ${e.map(h=>p`
                    <tr key=${h.id} data-endpoint-id=${h.id}>
                      <th scope="row" class="url"><code>${h.url}</code></th>
                      <td>${h.events.map(q=>p`<code class="scope">${q}</code> `)}</td>
                      <td><span class=${`status status-${J(h)?"active":"revoked"}`}>${J(h)?"Enabled":"Disabled"}</span>${h.disabled_reason?p`<p class="hint">${h.disabled_reason}</p>`:null}</td>
                      <td><${j} iso=${h.created_at} empty="—" /></td>
                      <td class="actions">
                        <button type="button" aria-pressed=${a===h.id} onClick=${()=>d(a===h.id?null:h.id)} aria-label=${`Deliveries to ${h.url}`}>Deliveries</button>
                        <button type="button" onClick=${()=>i({kind:"test",endpoint:h})} aria-label=${`Send a test event to ${h.url}`}>Send test event</button>
                        <button type="button" onClick=${()=>i({kind:"rotate",endpoint:h})} aria-label=${`Rotate the secret of ${h.url}`}>Rotate secret</button>
                        <button type="button" disabled=${m.busy} onClick=${()=>k(h)} aria-label=${`${J(h)?"Disable":"Enable"} ${h.url}`}>${J(h)?"Disable":"Enable"}</button>
                        <button type="button" class="danger" onClick=${()=>i({kind:"remove",endpoint:h})} aria-label=${`Remove ${h.url}`}>Remove</button>
                      </td>
                    </tr>
                  `)}
              </tbody>
            </table>
          </div>
        `}
    ${y?p`<${lo} endpoint=${y} onMessage=${u} />`:null}
    <${Ke} open=${o!==null} title=${w} onClose=${()=>i(null)}>
      ${o?.kind==="add"?p`<${io}
            environment=${t}
            eventTypes=${r}
            onCancel=${()=>i(null)}
            onCreated=${(h,q)=>{i({kind:"secret",title:`Signing secret for ${h.url}`,secret:q}),u(`Added ${h.url}.`),d(h.id),f()}}
          />`:null}
      ${o?.kind==="secret"?p`<${He} label="Signing secret" secret=${o.secret} />
            <div class="buttons"><button type="button" class="primary" onClick=${()=>i(null)}>Done</button></div>`:null}
      ${o?.kind==="rotate"?p`<${ie}
            text=${`Deliveries to ${o.endpoint.url} will be signed with a new secret, shown once. Update your receiver before the next event.`}
            confirm="Rotate secret"
            onCancel=${()=>i(null)}
            onConfirm=${async()=>{let h=await _.rotateEndpointSecret(o.endpoint.id);i({kind:"secret",title:`New signing secret for ${h.endpoint.url}`,secret:h.secret})}}
          />`:null}
      ${o?.kind==="remove"?p`<${ie}
            text=${`${o.endpoint.url} will receive no more events. This cannot be undone.`}
            confirm="Remove endpoint"
            danger=${!0}
            onCancel=${()=>i(null)}
            onConfirm=${async()=>{await _.removeEndpoint(o.endpoint.id),a===o.endpoint.id&&d(null),i(null),u(`Removed ${o.endpoint.url}.`),await f()}}
          />`:null}
      ${o?.kind==="test"?p`<${ao}
            endpoint=${o.endpoint}
            eventTypes=${o.endpoint.events.includes("*")?r:o.endpoint.events}
            onCancel=${()=>i(null)}
            onSent=${h=>{i(null),d(o.endpoint.id),u(`Sent a test ${h} event to ${o.endpoint.url}; it appears under its deliveries.`)}}
          />`:null}
    <//>
  `}function io({environment:t,eventTypes:e,onCancel:n,onCreated:r}){let s=S();return p`
    <form onSubmit=${i=>{i.preventDefault();let a=new FormData(i.currentTarget),d=String(a.get("url")??"").trim(),c=a.getAll("events").map(String);if(c.length===0){s.setError("Choose at least one event type.");return}s.run(async()=>{let u=await _.createEndpoint({environment:t,url:d,events:c});r(u.endpoint,u.secret)})}}>
      <${E} error=${s.error} />
      <div class="field">
        <label for="endpoint-url">Endpoint URL</label>
        <input id="endpoint-url" name="url" type="url" required autocomplete="off" placeholder="https://example.com/webhooks" autofocus />
      </div>
      <fieldset>
        <legend>Events to send</legend>
        ${e.map(i=>p`<div class="checkbox"><input type="checkbox" id=${W("event",i)} name="events" value=${i} /><label for=${W("event",i)}><code>${i}</code></label></div>`)}
      </fieldset>
      <div class="buttons">
        <button type="button" onClick=${n}>Cancel</button>
        <button type="submit" class="primary" disabled=${s.busy}>Add endpoint</button>
      </div>
    </form>
  `}function ao({endpoint:t,eventTypes:e,onCancel:n,onSent:r}){let s=S();return p`
    <form onSubmit=${i=>{i.preventDefault();let a=String(new FormData(i.currentTarget).get("type")??"");s.run(async()=>{await _.sendTestEvent(t.id,a),r(a)})}}>
      <p>A sample event is signed and delivered to <code>${t.url}</code> like a real one.</p>
      <${E} error=${s.error} />
      <div class="field">
        <label for="test-event-type">Event type</label>
        <select id="test-event-type" name="type" autofocus>${e.map(i=>p`<option value=${i}>${i}</option>`)}</select>
      </div>
      <div class="buttons">
        <button type="button" onClick=${n}>Cancel</button>
        <button type="submit" class="primary" disabled=${s.busy}>Send test event</button>
      </div>
    </form>
  `}function lo({endpoint:t,onMessage:e}){let[n,r]=g(null),s=S(),o=S(),i=()=>s.run(async()=>r(await _.deliveries(t.id)));return T(()=>{i()},[t.id]),p`
    <section class="deliveries" aria-labelledby="deliveries-heading">
      <div class="page-heading">
        <h2 id="deliveries-heading">Recent deliveries to <code>${t.url}</code></h2>
        <button type="button" onClick=${i} disabled=${s.busy}>Refresh</button>
      </div>
      <${E} error=${o.error??s.error} />
      ${n===null?p`<p aria-busy="true">Loading deliveries…</p>`:p`
            <div class="table-wrap">
              <table class="deliveries-table">
                <caption class="visually-hidden">Recent deliveries</caption>
                <thead><tr><th scope="col">Event</th><th scope="col">Status</th><th scope="col" class="number">Attempts</th><th scope="col" class="number">Response</th><th scope="col">Last attempt (UTC)</th><th scope="col">Next attempt (UTC)</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
                <tbody>
                  ${n.length===0?p`<tr><td colspan="7" class="empty">No deliveries yet. Send a test event to try the endpoint.</td></tr>`:null}
                  ${n.map(a=>p`
                      <tr key=${a.id} data-delivery-id=${a.id}>
                        <th scope="row"><code>${a.event_type}</code> <span class="muted">${a.event_id}</span></th>
                        <td><span class=${`status delivery-${a.status}`}>${a.status}</span></td>
                        <td class="number">${a.attempts}</td>
                        <td class="number">${a.response_status??"\u2014"}</td>
                        <td><${j} iso=${a.last_attempt_at} empty="—" /></td>
                        <td><${j} iso=${a.next_attempt_at} empty="—" /></td>
                        <td class="actions">
                          <button
                            type="button"
                            disabled=${o.busy}
                            aria-label=${`Resend ${a.event_type} ${a.event_id}`}
                            onClick=${()=>o.run(async()=>{await _.resendEvent(a.event_id),e(`Queued ${a.event_id} again.`),await i()})}
                          >Resend</button>
                        </td>
                      </tr>
                    `)}
                </tbody>
              </table>
            </div>
          `}
    </section>
  `}var In={keys:Tn,billing:qn,webhooks:An},Mn={signin:xn,signup:En,"verify-email":Sn,"reset-password":Cn};function co({page:t,environment:e}){let[n,r]=g(null),[s,o]=g(null);if(T(()=>{_.session().then(r,a=>{We(a)?location.replace(`/dashboard/signin?next=${encodeURIComponent(location.pathname)}`):o(F(a))})},[]),!n)return p`<main id="main"><h1>${pt[t]}</h1>${s?p`<${E} error=${s} />`:p`<p aria-busy="true">Loading…</p>`}</main>`;let i=In[t];return p`<${wn} page=${t} environment=${e} session=${n}><${i} environment=${e} /><//>`}var ht=document.getElementById("app"),{page:Be="",environment:ft}=document.body.dataset;if(ht){if(Be in In&&(ft==="test"||ft==="live"))_e(p`<${co} page=${Be} environment=${ft} />`,ht);else if(Be in Mn){let t=Mn[Be];_e(p`<${t} />`,ht),window.addEventListener("hashchange",()=>location.reload())}}
