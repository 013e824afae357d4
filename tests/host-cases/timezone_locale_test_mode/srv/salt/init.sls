zone-unknown:
  timezone.system:
    - name: Halitetest/Nowhere
zone-utc:
  timezone.system:
    - name: Etc/UTC
locale-system:
  locale.system:
    - name: C.UTF-8
locale-present-c:
  locale.present:
    - name: C.UTF-8
locale-present-missing:
  locale.present:
    - name: xx_HALITETEST.UTF-8
