import { UPLOAD_EXTENSIONS, UPLOAD_MAX_FILES } from '@samvad/contracts/admin-document-rules';
import { FileUp, LoaderCircle, Upload, X } from 'lucide-react';
import { type DragEvent, type FormEvent, useId, useRef, useState } from 'react';
import { cn } from '../../../shared/lib/cn.ts';
import { Alert } from '../../../shared/ui/alert.tsx';
import { Button } from '../../../shared/ui/button.tsx';
import { Checkbox } from '../../../shared/ui/checkbox.tsx';
import { useUploadDocuments } from '../api/upload-documents.ts';
import { formatBytes, KnowledgeBaseProgress } from './knowledge-base-progress.tsx';
import { TabSection } from './tab-section.tsx';

/** Same file (name, size, time) picked twice is listed once. */
const fileKey = (file: File) => `${file.name}\u0000${file.size}\u0000${file.lastModified}`;

/**
 * Upload to the knowledge base: pick or drop files, optionally replace same-named documents,
 * then follow each file's progress as the server reads it.
 */
export function KnowledgeBaseUpload() {
  const [files, setFiles] = useState<File[]>([]);
  const [replace, setReplace] = useState(false);
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const uploads = useUploadDocuments();
  const tooMany = files.length > UPLOAD_MAX_FILES;

  const add = (list: FileList | null) => {
    if (!list || list.length === 0) return;
    setFiles((current) => {
      const seen = new Set(current.map(fileKey));
      return [...current, ...Array.from(list).filter((file) => !seen.has(fileKey(file)))];
    });
  };
  const clear = () => {
    setFiles([]);
    // The same file can then be picked again (no change event for an unchanged value).
    if (input.current) input.current.value = '';
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (files.length === 0 || tooMany || uploads.isUploading) return;
    uploads.upload({ files, replace });
    clear();
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    add(event.dataTransfer.files);
  };

  return (
    <TabSection
      title="Upload documents"
      description="Add writings to the knowledge base. Answers can cite them as soon as they are read."
    >
      <form onSubmit={submit} className="grid min-w-0 gap-4" aria-label="Upload documents">
        {/* Dropping is a shortcut; the labelled file input below does the same for everyone. */}
        {/* biome-ignore lint/a11y/noStaticElementInteractions: a drop target, not a control */}
        <div
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={drop}
          data-dragging={dragging || undefined}
          className={cn(
            'relative grid min-w-0 justify-items-center gap-3 rounded-xl border-2 border-dashed border-input bg-muted/30 px-4 py-8 text-center transition-colors',
            'focus-within:border-ring data-[dragging]:border-primary data-[dragging]:bg-accent-soft/40',
          )}
        >
          <FileUp aria-hidden className="size-8 text-muted-foreground" />
          <p className="text-sm text-muted-foreground">Drag files here, or</p>
          <label
            htmlFor={inputId}
            className="inline-flex h-10 cursor-pointer items-center gap-2 rounded-full border border-input bg-card px-4 text-sm font-medium shadow-xs hover:border-foreground/25 hover:bg-secondary"
          >
            <Upload aria-hidden className="size-4" />
            Choose files
          </label>
          <input
            ref={input}
            id={inputId}
            type="file"
            multiple
            accept={UPLOAD_EXTENSIONS.join(',')}
            aria-describedby={hintId}
            className="sr-only"
            onChange={(event) => add(event.target.files)}
          />
          <p id={hintId} className="max-w-md text-xs leading-relaxed text-muted-foreground">
            PDF, plain text, Markdown, HTML, EPUB or Word (.docx), up to {UPLOAD_MAX_FILES} files at
            a time.
          </p>
        </div>

        {files.length > 0 && (
          <div className="grid min-w-0 gap-2">
            <div className="flex items-center justify-between gap-2">
              <p className="text-sm font-medium">
                {files.length} {files.length === 1 ? 'file' : 'files'} selected
              </p>
              <Button variant="ghost" className="h-8 px-2.5 text-xs" onClick={clear}>
                <X aria-hidden />
                Clear
              </Button>
            </div>
            <ul aria-label="Selected files" className="grid min-w-0 gap-1 text-sm">
              {files.map((file) => (
                <li key={fileKey(file)} className="flex min-w-0 justify-between gap-3">
                  <span className="min-w-0 truncate" title={file.name}>
                    {file.name}
                  </span>
                  <span className="shrink-0 text-muted-foreground tabular-nums">
                    {formatBytes(file.size)}
                  </span>
                </li>
              ))}
            </ul>
          </div>
        )}
        {tooMany && (
          <Alert variant="destructive">
            Upload at most {UPLOAD_MAX_FILES} files at a time: clear some and choose again.
          </Alert>
        )}

        <div className="flex flex-wrap items-end justify-between gap-4">
          <Checkbox
            label="Replace same-named documents"
            hint="A file named like a document already here replaces it when its content differs."
            checked={replace}
            onChange={(event) => setReplace(event.target.checked)}
          />
          <Button
            type="submit"
            disabled={files.length === 0 || tooMany || uploads.isUploading}
            aria-busy={uploads.isUploading}
          >
            {uploads.isUploading ? (
              <LoaderCircle aria-hidden className="animate-spin" />
            ) : (
              <Upload aria-hidden />
            )}
            Upload
          </Button>
        </div>
      </form>

      {uploads.rows.length > 0 && (
        <KnowledgeBaseProgress
          rows={uploads.rows}
          onClear={uploads.isUploading ? undefined : uploads.clear}
        />
      )}
    </TabSection>
  );
}
