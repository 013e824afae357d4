halitetest-u4:
  user.present:
    - uid: 47014
    - gid: 47142
    - allow_uid_change: True
    - allow_gid_change: True
