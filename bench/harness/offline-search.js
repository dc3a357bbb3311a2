// The offline-search bench's page (bench/src/offline-search.ts builds it with Vite).
import '@/features/offline/search-bench-harness';
