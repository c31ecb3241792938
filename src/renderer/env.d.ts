/// <reference types="vite/client" />

declare module '*.vue' {
  import type { DefineComponent } from 'vue'
  const component: DefineComponent<object, object, unknown>
  export default component
}

/** Element Plus's style entry of one component (side effects only: it imports the component's CSS). */
declare module 'element-plus/es/components/*/style/css'
