word: secret
num: 3
