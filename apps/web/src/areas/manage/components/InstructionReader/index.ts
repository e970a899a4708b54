export { InstructionReader } from './InstructionReader.tsx';
