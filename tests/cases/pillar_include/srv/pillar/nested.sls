http: 80
https: 443
