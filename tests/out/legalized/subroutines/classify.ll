define dllexport void @classify(i32 %arg0) {
bb0:
  %v0 = call i32 @llvm.genx.group.id.x.i32()
  %v1 = call <8 x i32> @llvm.genx.oword.ld.v8i32(i32 0, i32 %arg0, i32 %v0)
  %v2 = call i32 @llvm.genx.rdregioni.i32.v8i32.i16(<8 x i32> %v1, i32 0, i32 1, i32 1, i16 0, i32 undef)
  %v3 = call i32 @llvm.genx.rdregioni.i32.v8i32.i16(<8 x i32> %v1, i32 0, i32 1, i32 1, i16 4, i32 undef)
  %v4 = call i32 @sign(i32 %v2)
  %v5 = call i32 @sign(i32 %v3)
  %v6 = call <8 x i32> @llvm.genx.wrregioni.v8i32.i32.i16.i1(<8 x i32> %v1, i32 %v4, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
  %v7 = call <8 x i32> @llvm.genx.wrregioni.v8i32.i32.i16.i1(<8 x i32> %v6, i32 %v5, i32 0, i32 1, i32 1, i16 4, i32 undef, i1 true)
  call void @llvm.genx.oword.st.v8i32(i32 %arg0, i32 %v0, <8 x i32> %v7)
  ret void
}

define internal i32 @sign(i32 %arg0) {
bb0:
  %v0 = icmp slt i32 %arg0, 0
  %v1 = icmp sgt i32 %arg0, 0
  %v2 = zext i1 %v1 to i32
  %v3 = select i1 %v0, i32 -1, i32 %v2
  br label %bb1
bb1:
  ret i32 %v3
}

declare i32 @llvm.genx.group.id.x.i32()
declare <8 x i32> @llvm.genx.oword.ld.v8i32(i32, i32, i32)
declare void @llvm.genx.oword.st.v8i32(i32, i32, <8 x i32>)
declare i32 @llvm.genx.rdregioni.i32.v8i32.i16(<8 x i32>, i32, i32, i32, i16, i32)
declare <8 x i32> @llvm.genx.wrregioni.v8i32.i32.i16.i1(<8 x i32>, i32, i32, i32, i32, i16, i32, i1)

!genx.kernels = !{!0}
!0 = !{void (i32)* @classify, !"classify", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2}
!2 = !{i32 64}
!3 = !{i32 0}
!4 = !{!"buffer_t read_write"}
