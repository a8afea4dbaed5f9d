import { createRoot } from 'react-dom/client';
import './index.css';
function App() { return <div className="p-4 text-blue-600">Workbay</div>; }
createRoot(document.getElementById('root')!).render(<App />);
