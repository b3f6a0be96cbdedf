/**
 * The storefront's components: plain elements and one stylesheet (ui.css), with Mantine's names and the subset of
 * its props the storefront uses. The storefront loads no Mantine code (issue 17's budget: 150 KB of compressed
 * script on first load); the back office keeps Mantine (layouts/admin.tsx). See decision 0031.
 */
export { Box, Center, Container, Flex, Grid, Group, SimpleGrid, Stack } from './layout.tsx';
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
export { cx } from './style-props.ts';
