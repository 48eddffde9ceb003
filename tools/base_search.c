/* The search of rotation/build/bases.py (``anneal``) in C, step for step (same random numbers, same
 * choices, same answer), about 50 times faster. It found the book's base rounds for 72, 84 and 96 players
 * (rotation.build.bases.FOUND: seeds and moves there).
 *
 *   cc -O2 -o base_search tools/base_search.c -lm
 *   ./base_search Q KIND SEED MOVES [TEMPERATURE]    e.g. ./base_search 23 0 1 50000000 0.5
 *
 * KIND: 0 = type 3^u (3 fixed players), 1 = RBIBD (1 fixed player), 2 = type 2^u (2 fixed players).
 * Prints "found ... moves=M" and one representative table a line, "x,class ..." as anneal returns them,
 * or "none ... best=C" (the lowest cost reached). See the Python module for what the search does. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
static unsigned long long state;
static unsigned long long nxt(void){state^=state<<13;state^=state>>7;state^=state<<17;return state;}
static double uni(void){return (nxt()>>11)*(1.0/9007199254740992.0);}
static int below(int n){return (int)(nxt()%(unsigned long long)n);}
static int q, kind, S, F, T, K;
static int x[128], lab[128], tab_of[128], tabs[64][4], tsz[64], cnt[512], tgt[512];
static int key(int s,int r){
  int i=lab[s],j=lab[r],a=x[s],b=x[r];
  if(kind==2){ /* unreduced: mixed (i<j) index pair*q+d, pure 3q + i*(q/2+1)+min */
    if(i==j){int d=((b-a)%q+q)%q; if(q-d<d)d=q-d; return 3*q+i*(q/2+1)+d;}
    if(i>j){int t=i;i=j;j=t;t=a;a=b;b=t;}
    int p=(i==0&&j==1)?0:(i==0?1:2); return p*q+((b-a)%q+q)%q;
  }
  if(i==j){int d=((b-a)%q+q)%q; if(q-d<d)d=q-d; return q+d;}
  if((i+1)%3==j) return ((b-a)%q+q)%q;
  return ((a-b)%q+q)%q;
}
static int pairs(int t,int*out){int n=0;for(int a=0;a<tsz[t];a++)for(int b=a+1;b<tsz[t];b++)out[n++]=key(tabs[t][a],tabs[t][b]);return n;}
int main(int argc,char**argv){
  q=atoi(argv[1]);kind=atoi(argv[2]);long long seed=atoll(argv[3]);long long moves=atoll(argv[4]);double temp=argc>5?atof(argv[5]):1.0;
  state=(unsigned long long)seed*2654435761ULL+11; for(int i=0;i<20;i++)nxt();
  int half=q/2;
  if(kind==2){
    K=3*q+3*(half+1);
    for(int k=0;k<3*q;k++)tgt[k]=1;
    for(int i=0;i<3;i++)for(int c=0;c<=half;c++)tgt[3*q+i*(half+1)+c]=(c!=0&&c!=half)?1:0;
    /* slots: all 3q points (x,i); fixed tables 0,1 hold 3 slots each with labels 0,1,2 */
    F=2; int pts[3][64];
    for(int i=0;i<3;i++){for(int a=0;a<q;a++)pts[i][a]=a; for(int a=q-1;a>0;a--){int b=below(a+1);int t=pts[i][a];pts[i][a]=pts[i][b];pts[i][b]=t;}}
    S=0;
    for(int f=0;f<2;f++){tsz[f]=3;for(int i=0;i<3;i++){x[S]=pts[i][f];lab[S]=i;tabs[f][i]=S;tab_of[S]=f;S++;}}
    int rest[192],nr=0; for(int i=0;i<3;i++)for(int a=2;a<q;a++){rest[nr++]=i*q+pts[i][a];}
    for(int a=nr-1;a>0;a--){int b=below(a+1);int t=rest[a];rest[a]=rest[b];rest[b]=t;}
    T=2+nr/4;
    for(int t=2;t<T;t++){tsz[t]=4;for(int k=0;k<4;k++){int p=rest[(t-2)*4+k];x[S]=p%q;lab[S]=p/q;tabs[t][k]=S;tab_of[S]=t;S++;}}
  } else {
    K=q+half+1;
    for(int k=0;k<K;k++)tgt[k]=1; tgt[q]=0;
    int xs[64],n=0;
    if(kind==0){tgt[0]=0;for(int a=0;a<q;a++)xs[n++]=a;}else{for(int a=1;a<q;a++)xs[n++]=a;}
    for(int a=n-1;a>0;a--){int b=below(a+1);int t=xs[a];xs[a]=xs[b];xs[b]=t;}
    S=0;T=0;
    if(kind==0){tsz[0]=3;for(int i=0;i<3;i++){x[S]=xs[S];lab[S]=i;tabs[0][i]=S;tab_of[S]=0;S++;}T=1;}
    F=S;
    int nt=(n-S)/4;
    for(int t=0;t<nt;t++){tsz[T]=4;for(int k=0;k<4;k++){x[S]=xs[S];lab[S]=below(3);tabs[T][k]=S;tab_of[S]=T;S++;}T++;}
  }
  for(int k=0;k<K;k++)cnt[k]=0;
  if(kind==1)cnt[0]=1;
  int buf[64],buf2[64];
  for(int t=0;t<T;t++){int n=pairs(t,buf);for(int k=0;k<n;k++)cnt[buf[k]]++;}
  long long cost=0; for(int k=0;k<K;k++)cost+=(long long)(cnt[k]-tgt[k])*(cnt[k]-tgt[k]);
  long long best=cost;
  for(long long m=0;m<moves;m++){
    int ts[2],nts,s,r=-1,old=0,islab=0;
    if(kind!=2 && S>F && below(3)==0){
      s=F+below(S-F); old=lab[s]; islab=1; ts[0]=tab_of[s]; nts=1;
    } else {
      s=below(S); r=below(S);
      if(kind==2){ if(tab_of[s]==tab_of[r])continue; if((tab_of[s]<F||tab_of[r]<F)&&lab[s]!=lab[r])continue; }
      else if(x[s]==x[r])continue;
      ts[0]=tab_of[s]; ts[1]=tab_of[r]; nts=ts[0]==ts[1]?1:2;
    }
    int nrem=0; for(int u=0;u<nts;u++)nrem+=pairs(ts[u],buf+nrem);
    long long d=0;
    for(int k=0;k<nrem;k++){int c=buf[k];d+=-2*(cnt[c]-tgt[c])+1;cnt[c]--;}
    int newl=0;
    if(islab){newl=(old+1+below(2))%3;lab[s]=newl;}
    else if(kind==2){int tx=x[s],tl=lab[s];x[s]=x[r];lab[s]=lab[r];x[r]=tx;lab[r]=tl;}
    else {int t=x[s];x[s]=x[r];x[r]=t;}
    int nadd=0; for(int u=0;u<nts;u++)nadd+=pairs(ts[u],buf2+nadd);
    for(int k=0;k<nadd;k++){int c=buf2[k];d+=2*(cnt[c]-tgt[c])+1;cnt[c]++;}
    if(d<=0||uni()<exp(-d/temp)){
      cost+=d; if(cost<best){best=cost;}
      if(cost==0){
        printf("found q=%d kind=%d seed=%lld moves=%lld\n",q,kind,seed,m);
        for(int t=0;t<T;t++){for(int k=0;k<tsz[t];k++)printf("%d,%d ",x[tabs[t][k]],lab[tabs[t][k]]);printf("\n");}
        return 0;
      }
    } else {
      for(int k=0;k<nadd;k++)cnt[buf2[k]]--;
      for(int k=0;k<nrem;k++)cnt[buf[k]]++;
      if(islab)lab[s]=old;
      else if(kind==2){int tx=x[s],tl=lab[s];x[s]=x[r];lab[s]=lab[r];x[r]=tx;lab[r]=tl;}
      else {int t=x[s];x[s]=x[r];x[r]=t;}
    }
  }
  printf("none q=%d kind=%d seed=%lld best=%lld\n",q,kind,seed,best);
  return 1;
}
