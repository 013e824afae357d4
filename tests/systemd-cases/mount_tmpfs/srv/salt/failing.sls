bad-fstype:
  mount.mounted:
    - name: /mnt/halitetestmt-bad
    - device: tmpfs
    - fstype: halitetestmtfs
    - mkmnt: True
    - persist: False
no-dir:
  mount.mounted:
    - name: /mnt/halitetestmt-nodir
    - device: tmpfs
    - fstype: tmpfs
    - persist: False
no-mount-mkmnt:
  mount.mounted:
    - name: /mnt/halitetestmt-later
    - device: tmpfs
    - fstype: tmpfs
    - mount: False
    - mkmnt: True
    - persist: False
not-mounted-no-dir:
  mount.mounted:
    - name: /mnt/halitetestmt-never
    - device: tmpfs
    - fstype: tmpfs
    - mount: False
    - persist: False
