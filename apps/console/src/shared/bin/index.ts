export { BIN_KINDS, type BinItem, binKeys, purgeDate, purgeFromBin, reloadAfterBin, restoreFromBin } from './bin.ts';
export {
  binItem,
  type DeleteQuestion,
  DeleteToBinButton,
  NOT_IN_NEXT_CATALOGUE,
  useMoveToBin,
} from './move-to-bin.tsx';
