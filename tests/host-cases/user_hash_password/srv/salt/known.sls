halitetestsy-h1:
  user.present:
    - password: '$6$halitesalt$S9uL8ge7t7VDP03lAWa09GfIXYx0wHBbGeaxdFatBGfo/0yfZHdinAlhpjrrQ6EptzRdLnDEBbmo40tVPpE2r.'
