halitetest-u4:
  user.present:
    - uid: 47014
    - gid: 47142
