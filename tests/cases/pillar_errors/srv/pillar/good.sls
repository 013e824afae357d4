good: yes
