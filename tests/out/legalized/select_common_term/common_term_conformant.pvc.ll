define dllexport void @common_term_conformant(i32 %arg0) {
bb0:
  %v0 = call i32 @llvm.genx.group.id.x.i32()
  %v1 = shl i32 %v0, 4
  %v2 = call <16 x i32> @llvm.genx.oword.ld.v16i32(i32 0, i32 %arg0, i32 %v1)
  %v3 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %v2, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %v4 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %v2, i32 0, i32 8, i32 1, i16 32, i32 undef)
  %v5 = icmp sgt <8 x i32> %v3, <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %v6 = icmp slt <8 x i32> %v4, <i32 100, i32 100, i32 100, i32 100, i32 100, i32 100, i32 100, i32 100>
  %v7 = icmp ugt <8 x i32> %v4, %v3
  %v8 = icmp eq <8 x i32> %v3, %v4
  %v9 = and i32 %v0, 1
  %v10 = icmp eq i32 %v9, 0
  %v11 = zext <8 x i1> %v5 to <8 x i32>
  %v12 = zext <8 x i1> %v6 to <8 x i32>
  %v13 = zext <8 x i1> %v7 to <8 x i32>
  %v14 = and <8 x i32> %v11, %v13
  %v15 = select i1 %v10, <8 x i32> %v11, <8 x i32> %v14
  %v16 = or <8 x i32> %v12, %v13
  %v17 = select i1 %v10, <8 x i32> %v16, <8 x i32> %v12
  %v18 = and <8 x i32> %v11, %v12
  %v19 = call <8 x i32> @llvm.genx.wrregioni.v8i32.v8i32.i16.v8i1(<8 x i32> %v14, <8 x i32> %v18, i32 0, i32 8, i32 1, i16 0, i32 undef, <8 x i1> %v8)
  %v20 = shl <8 x i32> %v17, <i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1>
  %v21 = shl <8 x i32> %v19, <i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2>
  %v22 = or <8 x i32> %v15, %v20
  %v23 = or <8 x i32> %v22, %v21
  %v24 = add i32 %v1, 4
  call void @llvm.genx.oword.st.v8i32(i32 %arg0, i32 %v24, <8 x i32> %v23)
  ret void
}

declare i32 @llvm.genx.group.id.x.i32()
declare <16 x i32> @llvm.genx.oword.ld.v16i32(i32, i32, i32)
declare void @llvm.genx.oword.st.v8i32(i32, i32, <8 x i32>)
declare <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32>, i32, i32, i32, i16, i32)
declare <8 x i32> @llvm.genx.wrregioni.v8i32.v8i32.i16.v8i1(<8 x i32>, <8 x i32>, i32, i32, i32, i16, i32, <8 x i1>)

!genx.kernels = !{!0}
!0 = !{void (i32)* @common_term_conformant, !"common_term_conformant", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2}
!2 = !{i32 128}
!3 = !{i32 0}
!4 = !{!"buffer_t read_write"}
