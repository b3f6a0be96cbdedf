/**
 * The storefront's components: plain elements and one stylesheet (ui.css) on the design tokens (design/tokens.ts).
 * The storefront loads no Mantine code (issue 17's budget; `npm run lint` refuses a Mantine import here); the back
 * office keeps Mantine (layouts/admin.tsx). Decisions 0031, 0045 and 0067: the components take their own
 * props (Stack gap, Button variant, Text size and tone) and a class; a page's layout is in its feature's CSS module.
 */
export { Box, Container, Flex, Grid, Group, SimpleGrid, Stack } from './layout.tsx';
export { Anchor, Code, Kbd, List, Text, Title, Typography } from './typography.tsx';
export { Alert, Badge, Card, Divider, Image, Paper, Progress, Skeleton, VisuallyHidden } from './surfaces.tsx';
export {
  ActionIcon,
  Button,
  Checkbox,
  CopyButton,
  NativeSelect,
  NumberInput,
  PasswordInput,
  Radio,
  SegmentedControl,
  Textarea,
  TextInput,
} from './controls.tsx';
export type { ButtonProps } from './controls.tsx';
export { Table } from './table.tsx';
export { Drawer, Modal, Tooltip } from './overlays.tsx';
export { Notifications, notifications, notificationsStore } from './notifications.tsx';
export type { Notification } from './notifications.tsx';
export { cx } from './values.ts';
