// Public surface of shared-ui. Apps import only from 'shared-ui' (it is a Module Federation singleton).
export { theme, type Theme } from './theme';
export { GlobalStyle } from './GlobalStyle';

export { Button, type ButtonProps, type ButtonVariant, type ButtonSize } from './buttons/Button';
export { ButtonLink, type ButtonLinkProps } from './buttons/ButtonLink';
export {
  TextInput,
  Select,
  Checkbox,
  type TextInputProps,
  type SelectProps,
  type SelectOption,
  type CheckboxProps,
} from './inputs/inputs';

// Forms: always take Form/useForm/useFormState from here, so they share one react-final-form with the fields
// (a remote bundling its own copy would give the fields a different form context).
export { Form, useForm, useFormState, useField } from 'react-final-form';
export { FORM_ERROR } from 'final-form';
export {
  TextField,
  SelectField,
  CheckboxField,
  fieldError,
  type TextFieldProps,
  type SelectFieldProps,
  type CheckboxFieldProps,
} from './forms/fields';
export { FormError } from './forms/FormError';
export { toSubmitErrors } from './forms/submitErrors';
export * from './forms/validators';

export {
  DataTable,
  type DataTableColumn,
  type DataTableProps,
  type SortState,
  type SortDirection,
} from './table/DataTable';
export { usePageFor } from './table/usePageFor';

export { Modal, type ModalProps } from './overlays/Modal';
export { ConfirmDialog, type ConfirmDialogProps } from './overlays/ConfirmDialog';

export { toast, subscribeToasts, getToasts, TOAST_LIMIT, TOAST_AUTO_CLOSE_MS, type Toast, type ToastInput, type ToastKind } from './toasts/toastStore';
export { ToastContainer } from './toasts/ToastContainer';

export { Spinner, FullScreenSpinner, type SpinnerProps } from './feedback/Spinner';
export { Badge, type BadgeProps, type BadgeTone } from './feedback/Badge';
export { ExpiryDate, daysUntil, todayInIndia, type ExpiryDateProps } from './feedback/ExpiryDate';
export { ProductLabel, type ProductLabelProps } from './products/ProductLabel';
export { OrderStatusBadge, ConsignmentStatusBadge, OrderTotalRows, ORDER_STATUS_LABELS, type OrderStatusBadgeProps, type OrderTotalRowsProps } from './orders/orders';
export {
  EmptyState,
  ErrorPanel,
  NotAvailableYet,
  NotFoundState,
  type EmptyStateProps,
  type ErrorPanelProps,
} from './feedback/states';

export { PageHeader, PageTitle, Breadcrumb, type Crumb, type PageHeaderProps } from './page/PageHeader';
export { Avatar, type AvatarProps } from './Avatar';
export { VisuallyHidden } from './VisuallyHidden';
export { Stack, Card, DetailList, FilterRow, FigureTiles, type FigureTile, type StackProps, type CardProps } from './layout/layout';
export { Tabs, type TabsProps, type TabItem } from './navigation/Tabs';
export { useDebounced } from './hooks/useDebounced';

export {
  formatRupees,
  formatDrCr,
  formatOwed,
  owedSentence,
  type OwedSide,
  parseRupees,
  formatPhone,
  formatDate,
  formatDateTime,
  formatNumber,
  formatCount,
  initials,
  type DateInput,
} from './format';

// Uploads with a preview (the stock file, the recall list, the move-in files): pick → check the columns → the rows.
export { ProgressBar } from './upload/ProgressBar';
export { FilePickCard } from './upload/FilePickCard';
export { ColumnMappingFields, CheckColumnsCard, rowCount, type MappableField } from './upload/ColumnMappingFields';
export { RejectedRows, rejectedColumns, type RejectedKeyColumn } from './upload/RejectedRows';
export { rejectedCsv, downloadText } from './upload/rejected-csv';
export { CheckProductsCard, defaultPicks, picksToSend, type ItemPicks } from './upload/CheckProductsCard';
