import { useCallback, useState } from 'react';
import { useDropzone, type DropzoneRootProps } from 'react-dropzone';
import { acceptAttribute, dropProblems, type FileProblem } from '@/lib/file-rules';
import styles from '@/features/chat/components/composer.module.css';
import { COMPOSER_FILE_RULES } from '@/features/chat/lib/composer-files';

/** A file the agent dropped or chose, waiting for Send or Cancel; with what is wrong with it, if anything. */
export interface PickedFile {
  file: File;
  problems: FileProblem[];
}

/**
 * The chat pane as a drop target (SPEC §2 drag-and-drop overlay): spread `rootProps` on the pane; the composer
 * shows the overlay while a file hovers, renders `inputProps` for its attach button (`openDialog`) and the picked
 * file's details. Drops and the file dialog take the same path; off while the viewer cannot reply.
 */
export function useFileDrop(disabled: boolean) {
  const [picked, setPicked] = useState<PickedFile | null>(null);

  const onDrop = useCallback((files: File[]) => {
    // SPEC §5: a drop uses the first file only.
    const file = files[0];
    if (!file) return;
    setPicked({ file, problems: dropProblems([file], COMPOSER_FILE_RULES) });
  }, []);

  const { getRootProps, getInputProps, open, isDragActive } = useDropzone({
    onDrop,
    disabled,
    // The attach button opens the dialog; clicks and keys inside the chat must keep their own meaning.
    noClick: true,
    noKeyboard: true,
    // Office apps put a picture of the copied text on the clipboard beside the text: a paste must stay text.
    noPaste: true,
  });

  /** Props for the pane: it stays a named region, enabled or not, and holds the overlay. */
  const rootProps = ({ className, ...props }: { className?: string; 'aria-labelledby': string }) => {
    const root = getRootProps<DropzoneRootProps>({
      ...props,
      role: 'region',
      className: [className, styles.dropRoot].filter(Boolean).join(' '),
    });
    delete root['aria-disabled'];
    return root;
  };

  return {
    rootProps,
    // The input only serves the attach button's dialog: out of the tab order and of the accessibility tree.
    inputProps: () =>
      getInputProps({ accept: acceptAttribute(COMPOSER_FILE_RULES.accept), tabIndex: -1, 'aria-hidden': true }),
    openDialog: open,
    isDragActive,
    picked,
    clear: useCallback(() => setPicked(null), []),
  };
}

export type FileDrop = ReturnType<typeof useFileDrop>;
