10 REM ======================================
20 REM  OTHELLO  -  variante BETONNER
30 REM  Methode d'Emmanuel LAZARD, J&S 35
40 REM  (reconstruction, voir othello.bas)
50 REM  L'article: "ajoutant 5 ou 10 a toutes
60 REM  les cases des deux premieres colonnes
70 REM  et des deux premieres rangees".
80 REM  Ici +5 aux colonnes A,B et rangees
81 REM  1,2 (une fois par case): deux bords
82 REM  contigus, le "betonnage" de
83 REM  l'article. +5 et non +10: avec +10
84 REM  la case X B2 (0) vaudrait plus que
85 REM  le centre (8) et ouvrirait le coin.
86 REM  Seules changent les lignes 150-220.
87 REM ======================================
90 DEFINT A-Z:DIM B(99),V(99),D(8),T(2),G$(2)
100 G$(0)=".":G$(1)="O":G$(2)="X"
110 FOR S=0 TO 99:B(S)=-1:NEXT:FOR Y=1 TO 8:FOR X=1 TO 8:S=10*Y+X:READ V(S):B(S)=0:NEXT:NEXT
120 FOR I=1 TO 8:READ D(I):NEXT:B(44)=1:B(55)=1:B(45)=2:B(54)=2:GOTO 240
125 REM B(): 0 vide,1 blanc O,2 noir X,-1 bord
126 REM case = 10*rangee + colonne (A=1..H=8)
130 REM Valeur des cases (lignes 150-220):
131 REM coin 40: le pion y est imprenable.
132 REM voisins du coin 3,0,3: tremplins
133 REM  pour l'adversaire vers le coin.
134 REM bords 15 et 10: un pion de bord se
135 REM  reprend mal (15 a 2 cases du coin).
136 REM 2e rangee 5: ouvre le bord.
137 REM centre 8 et 10: neutre.
138 REM Ici "betonne": +5 aux rangees 1,2
139 REM et aux colonnes A,B (lignes 150-220).
150 DATA 45,8,20,15,15,20,8,45
160 DATA 8,5,10,10,10,10,5,8
170 DATA 20,10,10,8,8,10,5,15
180 DATA 15,10,8,8,8,8,5,10
190 DATA 15,10,8,8,8,8,5,10
200 DATA 20,10,10,8,8,10,5,15
210 DATA 8,5,5,5,5,5,0,3
220 DATA 45,8,15,10,10,15,3,40
230 DATA -11,-10,-9,-1,1,9,10,11
240 MODE 1:PRINT "OTHELLO  (d'apres E. Lazard, J&S 35)":PRINT
250 INPUT "Vous prenez les X ou les O";A$:A$=UPPER$(A$)
260 H=0:IF A$="X" THEN H=2
270 IF A$="O" OR A$="0" THEN H=1
280 IF H=0 THEN 250
290 M=3-H:J=2:C=0:P=0:PRINT "Les X commencent.":GOSUB 800:IF J=H THEN 300 ELSE 500
300 REM --- au joueur ---
310 IF C=60 THEN 900
320 INPUT "Colonne";C$:C$=UPPER$(C$)
330 IF C$="Z" THEN CLS:GOSUB 800:GOTO 320
340 INPUT "Rangee";R$:R$=UPPER$(R$)
350 IF (C$="O" OR C$="0") AND (R$="O" OR R$="0") THEN 450
360 X=ASC(C$+" ")-64:Y=ASC(R$+" ")-48
370 IF LEN(C$)<>1 OR LEN(R$)<>1 OR X<1 OR X>8 OR Y<1 OR Y>8 THEN PRINT "Colonne A-H, rangee 1-8, passe: O O":GOTO 320
380 S=10*Y+X:Q=H:N=0:IF B(S)=0 THEN GOSUB 1000
390 IF N=0 THEN PRINT "Coup impossible.":GOTO 320
400 GOSUB 1100:GOSUB 800:GOTO 500
450 REM --- le joueur passe (O O): on le croit ---
460 P=P+1:IF P=2 THEN 900
470 J=M:GOTO 500
500 REM --- a l'ordinateur ---
510 IF C=60 THEN 900
520 PRINT "Je reflechis...":Q=M:K=-99:W=0
525 REM jusqu'au 18e coup: valeur-pions pris, apres: valeur+pions pris
526 REM C=pions poses (2 camps); egalite: 1re case
530 FOR S=11 TO 88:IF B(S)<>0 THEN 560
540 GOSUB 1000:IF N=0 THEN 560
550 IF C<18 THEN Z=V(S)-N ELSE Z=V(S)+N
555 IF Z>K THEN K=Z:W=S
560 NEXT
570 IF W>0 THEN 600
580 P=P+1:IF P=2 THEN 900
590 PRINT "Je passe.":J=H:GOTO 300
600 S=W:GOSUB 1100:PRINT "Je joue en ";CHR$(64+(S MOD 10));CHR$(48+S\10):GOSUB 800:GOTO 300
800 REM --- affichage du damier ---
810 PRINT:PRINT "   A B C D E F G H":T(1)=0:T(2)=0
820 FOR Y=1 TO 8:PRINT " ";CHR$(48+Y);" ";
830 FOR X=1 TO 8:F=B(10*Y+X):PRINT G$(F);" ";:IF F>0 THEN T(F)=T(F)+1
840 NEXT:PRINT CHR$(48+Y):NEXT
850 PRINT "   X:";T(2);"  O:";T(1)
860 RETURN
900 REM --- fin de partie ---
910 T(1)=0:T(2)=0:FOR S=11 TO 88:F=B(S):IF F>0 THEN T(F)=T(F)+1
920 NEXT:PRINT "Fin de partie.  Vous:";T(H);" Moi:";T(M)
930 IF T(H)>T(M) THEN PRINT "Bravo, vous avez gagne !"
940 IF T(H)<T(M) THEN PRINT "J'ai gagne !"
950 IF T(H)=T(M) THEN PRINT "Match nul."
960 END
1000 REM --- N = pions pris par Q en S ---
1010 N=0:R=3-Q
1020 FOR I=1 TO 8:E=D(I):U=S+E:L=0
1030 IF B(U)=R THEN L=L+1:U=U+E:GOTO 1030
1040 IF B(U)=Q THEN N=N+L
1050 NEXT:RETURN
1100 REM --- Q pose en S et retourne ---
1110 R=3-Q:B(S)=Q
1120 FOR I=1 TO 8:E=D(I):U=S+E
1130 IF B(U)=R THEN U=U+E:GOTO 1130
1140 IF B(U)<>Q THEN 1160
1150 U=U-E:IF U<>S THEN B(U)=Q:GOTO 1150
1160 NEXT
1170 C=C+1:P=0:J=3-Q:RETURN
